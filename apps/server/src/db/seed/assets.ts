/**
 * The demo's pictures and video, made at seed time (nothing binary is committed): PNGs drawn
 * from SVG by sharp at the sizes the demo styles ask, and a six-second H.264 clip with a tone
 * from ffmpeg's test sources. Without ffmpeg on the machine the video is skipped and the log
 * says so; the rest of the demo stands without it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MaterialKind, TranscodeState } from '@adloom/domain';
import { loadSharp } from '../../modules/material/sharp.js';
import {
  LocalStorage,
  materialKeys,
  type MaterialStorage,
} from '../../modules/material/storage.js';
import type { Database } from '../client.js';
import { materials } from '../schema.js';

const run = promisify(execFile);

/** One picture of the demo: a gradient, a shape and its words. */
export interface DemoPicture {
  name: string;
  width: number;
  height: number;
  from: string;
  to: string;
  headline: string;
  line?: string;
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

function svgOf(picture: DemoPicture): string {
  const { width: w, height: h } = picture;
  const big = Math.round(Math.min(w / 9, h / 4));
  const small = Math.round(big / 2);
  const line = picture.line
    ? `<text x="${Math.round(w * 0.06)}" y="${Math.round(h * 0.5 + big)}" font-family="sans-serif" font-size="${small}" fill="#fff">${escapeXml(picture.line)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${picture.from}"/><stop offset="1" stop-color="${picture.to}"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${Math.round(w * 0.8)}" cy="${Math.round(h * 0.45)}" r="${Math.round(Math.min(w, h) * 0.3)}" fill="#fff" opacity=".22"/>
<text x="${Math.round(w * 0.06)}" y="${Math.round(h * 0.5)}" font-family="sans-serif" font-size="${big}" font-weight="700" fill="#fff">${escapeXml(picture.headline)}</text>
${line}</svg>`;
}

export async function drawPng(picture: DemoPicture): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svgOf(picture)))
    .png({ compressionLevel: 6 })
    .toBuffer();
}

export const VIDEO_SIZE = { width: 1280, height: 720 };
export const VIDEO_SECONDS = 6;

/** The demo clip (MP4, H.264 + AAC, faststart), or null when ffmpeg is not there or fails. */
export async function makeVideo(): Promise<Buffer | null> {
  const dir = await mkdtemp(join(tmpdir(), 'adloom-demo-video-'));
  const out = join(dir, 'demo.mp4');
  const { width, height } = VIDEO_SIZE;
  try {
    await run(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `color=c=0x722ed1:size=${width}x${height}:rate=12:duration=${VIDEO_SECONDS}`,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=440:duration=${VIDEO_SECONDS}`,
        '-vf',
        `drawbox=x='mod(t*240,${width})':y=${height / 2 - 80}:w=160:h=160:color=white@0.8:t=fill`,
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        '-movflags',
        '+faststart',
        out,
      ],
      { timeout: 20_000 },
    );
    return await readFile(out);
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Where the seed writes files: the install's UPLOAD_DIR, or nowhere (rows only, in tests). */
export function demoStorage(uploadDir: string | undefined): MaterialStorage | null {
  return uploadDir ? new LocalStorage(uploadDir) : null;
}

async function store(storage: MaterialStorage | null, key: string, bytes: Buffer) {
  if (!storage) return;
  const path = await storage.stagingPath('.seed');
  await writeFile(path, bytes);
  await storage.put(key, path);
}

/** Adds a PNG to an owner's library; answers its material id. */
export async function addImage(
  tx: Database,
  storage: MaterialStorage | null,
  ownerId: number,
  picture: DemoPicture,
  bytes: Buffer,
): Promise<number> {
  const keys = materialKeys('png');
  await store(storage, keys.original, bytes);
  const [row] = await tx
    .insert(materials)
    .values({
      ownerId,
      name: `${picture.name}.png`,
      kind: MaterialKind.image,
      mime: 'image/png',
      ext: 'png',
      sizeBytes: bytes.length,
      storageKey: keys.original,
      width: picture.width,
      height: picture.height,
    })
    .returning({ id: materials.id });
  return row?.id ?? 0;
}

/** Adds the clip to an owner's library as a transcoded video with its poster. */
export async function addVideo(
  tx: Database,
  storage: MaterialStorage | null,
  ownerId: number,
  clip: Buffer,
  poster: Buffer,
): Promise<number> {
  const keys = materialKeys('mp4');
  const sharp = await loadSharp();
  const thumbnail = await sharp(poster).jpeg({ quality: 70 }).toBuffer();
  await store(storage, keys.original, clip);
  await store(storage, keys.transcoded, clip);
  await store(storage, keys.thumbnail, thumbnail);
  const [row] = await tx
    .insert(materials)
    .values({
      ownerId,
      name: 'Product tour.mp4',
      kind: MaterialKind.video,
      mime: 'video/mp4',
      ext: 'mp4',
      sizeBytes: clip.length,
      storageKey: keys.original,
      thumbnailKey: keys.thumbnail,
      transcodedKey: keys.transcoded,
      width: VIDEO_SIZE.width,
      height: VIDEO_SIZE.height,
      durationMs: VIDEO_SECONDS * 1000,
      transcodeState: TranscodeState.transcoded,
    })
    .returning({ id: materials.id });
  return row?.id ?? 0;
}
