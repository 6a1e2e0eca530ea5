/**
 * What a material's file holds and what is made from it: image dimensions and thumbnails
 * through sharp (libvips, shipped inside its npm packages); video dimensions and duration
 * through ffprobe, video thumbnails and the web-playable MP4 through ffmpeg (Debian's, or
 * FFMPEG_PATH / FFPROBE_PATH). A missing program is a ToolMissingError, never a crash.
 */
import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { loadSharp } from './sharp.js';

/** The longest side of a thumbnail and of a transcoded video. */
export const THUMBNAIL_MAX_SIDE = 320;
export const VIDEO_MAX_SIDE = 1280;

const PROBE_TIMEOUT_MS = 30_000;
const THUMBNAIL_TIMEOUT_MS = 60_000;
export const TRANSCODE_TIMEOUT_MS = 30 * 60_000;
/** How much of a failing program's stderr is kept for its error message. */
const STDERR_TAIL = 2_000;

export class ToolMissingError extends Error {
  override name = 'ToolMissingError';
  constructor(readonly program: string) {
    super(`${program} is not installed or not executable`);
  }
}

export class ToolAbortedError extends Error {
  override name = 'ToolAbortedError';
}

interface RunOptions {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

/** Runs a program; resolves with its stdout, rejects with the tail of its stderr. */
export function runTool(program: string, args: string[], options: RunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new ToolAbortedError(`${program} was stopped`));
      return;
    }
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    let settled = false;
    const finish = (error: Error | null, output = '') => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(output);
    };
    const onAbort = () => {
      child.kill('SIGKILL');
      finish(new ToolAbortedError(`${program} was stopped`));
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(new Error(`${program} took longer than ${Math.round(options.timeoutMs / 1000)} s`));
    }, options.timeoutMs);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      finish(
        error.code === 'ENOENT' || error.code === 'EACCES' ? new ToolMissingError(program) : error,
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) finish(null, Buffer.concat(stdout).toString('utf8'));
      else {
        const detail = stderr.trim().split('\n').slice(-3).join(' ').trim();
        const status = code === null ? `signal ${signal ?? '?'}` : `exit code ${code}`;
        finish(new Error(`${program} failed (${status})${detail ? `: ${detail}` : ''}`));
      }
    });
  });
}

export interface Dimensions {
  width: number;
  height: number;
}

/** An image's displayed dimensions (EXIF orientation applied); throws when unreadable. */
export async function probeImage(path: string): Promise<Dimensions> {
  const sharp = await loadSharp();
  const meta = await sharp(path).metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new Error('The image has no dimensions');
  return { width, height };
}

/** A small JPEG of the image's first frame, upright, on white where it was transparent. */
export async function imageThumbnail(input: string, output: string): Promise<void> {
  const sharp = await loadSharp();
  await sharp(input)
    .rotate()
    .resize(THUMBNAIL_MAX_SIDE, THUMBNAIL_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toFile(output);
}

export interface VideoInfo extends Dimensions {
  durationMs: number | null;
}

interface ProbeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

/** A video's picture size (as displayed: rotation applied) and duration; throws without a picture. */
export async function probeVideo(ffprobe: string, path: string): Promise<VideoInfo> {
  const output = await runTool(
    ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', path],
    { timeoutMs: PROBE_TIMEOUT_MS },
  );
  const parsed = JSON.parse(output) as {
    streams?: ProbeStream[];
    format?: { duration?: string };
  };
  const video = parsed.streams?.find((stream) => stream.codec_type === 'video');
  if (!video?.width || !video.height) throw new Error('The file holds no picture');
  const rotation = Math.abs(
    Number(video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? 0) ||
      Number(video.tags?.rotate ?? 0),
  );
  const turned = rotation % 180 === 90;
  const seconds = Number(parsed.format?.duration ?? video.duration);
  return {
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    durationMs: Number.isFinite(seconds) && seconds >= 0 ? Math.round(seconds * 1000) : null,
  };
}

/** The ffmpeg scale filter that fits a picture within `side` (even sizes, never enlarged). */
export function fitWithin(side: number): string {
  const factor = `min(1,${side}/max(iw,ih))`;
  return `scale=w='max(2,trunc(${factor}*iw/2)*2)':h='max(2,trunc(${factor}*ih/2)*2)'`;
}

async function hasContent(path: string): Promise<boolean> {
  try {
    return (await stat(path)).size > 0;
  } catch {
    return false;
  }
}

/** A small JPEG frame of the video, about a third in (at most one second). */
export async function videoThumbnail(
  ffmpeg: string,
  input: string,
  output: string,
  durationMs: number | null,
  signal?: AbortSignal,
): Promise<void> {
  const at = durationMs ? Math.min(1, durationMs / 3000) : 0;
  const frame = (seconds: number) =>
    runTool(
      ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-ss',
        seconds.toFixed(3),
        '-i',
        input,
        '-frames:v',
        '1',
        '-vf',
        fitWithin(THUMBNAIL_MAX_SIDE),
        '-q:v',
        '4',
        '-f',
        'image2',
        output,
      ],
      { timeoutMs: THUMBNAIL_TIMEOUT_MS, signal },
    );
  await frame(at);
  // Seeking past the last frame writes nothing: take the first one then.
  if (!(await hasContent(output)) && at > 0) await frame(0);
  if (!(await hasContent(output))) throw new Error('ffmpeg wrote no thumbnail');
}

/** Web-playable MP4: H.264 (yuv420p) and AAC, within 1280 px, moov atom first (+faststart). */
export async function transcodeVideo(
  ffmpeg: string,
  input: string,
  output: string,
  signal?: AbortSignal,
): Promise<void> {
  await runTool(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-i',
      input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-vf',
      fitWithin(VIDEO_MAX_SIDE),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-ac',
      '2',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      output,
    ],
    { timeoutMs: TRANSCODE_TIMEOUT_MS, signal },
  );
  if (!(await hasContent(output))) throw new Error('ffmpeg wrote no video');
}
