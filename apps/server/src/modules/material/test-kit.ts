/**
 * Real small media made at test time (sharp for images, ffmpeg's lavfi test sources for
 * videos), and hostile files: executables under image names, oversize streams.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import sharp from 'sharp';

const run = promisify(execFile);

export const IMAGE_WIDTH = 64;
export const IMAGE_HEIGHT = 48;
export const VIDEO_WIDTH = 160;
export const VIDEO_HEIGHT = 120;

export async function imageBytes(format: 'jpg' | 'png' | 'gif'): Promise<Buffer> {
  const image = sharp({
    create: {
      width: IMAGE_WIDTH,
      height: IMAGE_HEIGHT,
      channels: 3,
      background: { r: 200, g: 80, b: 40 },
    },
  });
  if (format === 'jpg') return image.jpeg().toBuffer();
  if (format === 'png') return image.png().toBuffer();
  return image.gif().toBuffer();
}

/** A one-second test pattern with a tone: H.264 + AAC in MP4, or MPEG-4 + MP3 in Matroska. */
export async function videoBytes(format: 'mp4' | 'mkv', seconds = 1): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'adloom-video-'));
  const out = join(dir, `clip.${format}`);
  const codecs =
    format === 'mp4'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac']
      : ['-c:v', 'mpeg4', '-c:a', 'libmp3lame'];
  try {
    await run('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${VIDEO_WIDTH}x${VIDEO_HEIGHT}:rate=10:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      ...codecs,
      '-shortest',
      out,
    ]);
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A Linux executable's first bytes (ELF header) and some code-like noise. */
export function elfBytes(): Buffer {
  const header = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]);
  return Buffer.concat([header, Buffer.alloc(8), Buffer.alloc(4096, 0x90)]);
}

/** A Windows executable's first bytes ("MZ" … "PE\0\0"). */
export function peBytes(): Buffer {
  const bytes = Buffer.alloc(4096, 0);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
}

/**
 * A multipart body streamed in chunks: one `file` part of `size` bytes that starts with
 * `head` (a real image), so only its size can refuse it. Never held in memory whole.
 */
export function oversizeMultipart(
  size: number,
  head: Buffer,
): { stream: Readable; contentType: string } {
  const boundary = '----adloomoversize';
  const partHead = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n` +
      `Content-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024, 0x41);
  async function* parts() {
    yield partHead;
    yield head;
    let left = size - head.length;
    while (left > 0) {
      const piece = Math.min(left, chunk.length);
      yield piece === chunk.length ? chunk : chunk.subarray(0, piece);
      left -= piece;
    }
    yield tail;
  }
  return {
    stream: Readable.from(parts()),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Every file under a directory (relative paths), for "nothing left on disk" checks. */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
      .sort();
  } catch {
    return [];
  }
}

/** The codec and size of a video's first stream, by ffprobe. */
export async function videoStream(path: string) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_name,width,height,pix_fmt',
    '-of',
    'json',
    path,
  ]);
  const parsed = JSON.parse(stdout) as {
    streams: { codec_name: string; width: number; height: number; pix_fmt: string }[];
  };
  return parsed.streams[0];
}
