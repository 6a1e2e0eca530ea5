/**
 * The background transcoder (docs/product/advertising.md#transcoding transcoding → transcoded): an in-process queue that
 * works one video at a time, never inside a request. A job makes the thumbnail and the
 * web-playable MP4, then sets transcode_state 1 (or 2 with transcode_error). Closing stops
 * the running ffmpeg and leaves its video at 0, so the next start resumes it (`resume`).
 * One process transcodes; several processes would claim jobs from the table instead
 * (docs/decisions/materials.md).
 */
import { rm } from 'node:fs/promises';
import { TranscodeState } from '@adloom/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { ToolAbortedError, ToolMissingError, transcodeVideo, videoThumbnail } from './media.js';
import * as repo from './repo.js';
import type { MaterialStorage } from './storage.js';

/** The longest transcode_error kept. */
const ERROR_MAX = 500;

export interface TranscoderOptions {
  db: Database;
  storage: MaterialStorage;
  ffmpeg: string;
  log: FastifyBaseLogger;
}

/** The keys a material's derived files get: `<base>-thumb.jpg`, `<base>-web.mp4`. */
function derivedKey(storageKey: string, role: 'thumb' | 'web', ext: string): string {
  const base = storageKey.slice(0, storageKey.indexOf('.'));
  return `${base}-${role}.${ext}`;
}

export function describeFailure(error: unknown, ffmpeg: string): string {
  if (error instanceof ToolMissingError) {
    return `ffmpeg is not available (FFMPEG_PATH=${ffmpeg}): the video cannot be transcoded`;
  }
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, ERROR_MAX);
}

export class TranscodeQueue {
  private readonly pending: number[] = [];
  private running: Promise<void> | null = null;
  private readonly stop = new AbortController();
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly options: TranscoderOptions) {}

  /** Queues a video (once); work starts at once when the queue is idle. */
  enqueue(id: number): void {
    if (this.stop.signal.aborted || this.pending.includes(id)) return;
    this.pending.push(id);
    this.running ??= this.work().finally(() => {
      this.running = null;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    });
  }

  /**
   * Queues every video left transcoding (after a restart); answers how many. `ownerId`
   * narrows to one owner's (tests share a database and resume only their own).
   */
  async resume(ownerId?: number): Promise<number> {
    const ids = await repo.listTranscoding(this.options.db, ownerId);
    for (const id of ids) this.enqueue(id);
    return ids.length;
  }

  /** Resolves when nothing is queued or running. */
  idle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops: drops the queue, kills the running ffmpeg, waits for the job to let go. */
  async close(): Promise<void> {
    this.pending.length = 0;
    this.stop.abort();
    await this.running;
  }

  private async work(): Promise<void> {
    for (let id = this.pending.shift(); id !== undefined; id = this.pending.shift()) {
      if (this.stop.signal.aborted) return;
      try {
        await this.transcode(id);
      } catch (error) {
        this.options.log.error({ err: error, materialId: id }, 'transcode job failed');
      }
    }
  }

  private async transcode(id: number): Promise<void> {
    const { db, storage, ffmpeg, log } = this.options;
    const signal = this.stop.signal;
    const row = await repo.findMaterial(db, id);
    if (!row || row.kind !== 'video' || row.transcodeState !== TranscodeState.transcoding) return;

    const started = Date.now();
    const source = await storage.localCopy(row.storageKey);
    const staged: string[] = [];
    try {
      let thumbnailKey = row.thumbnailKey;
      if (!thumbnailKey) {
        const thumbnail = await storage.stagingPath('.jpg');
        staged.push(thumbnail);
        try {
          await videoThumbnail(ffmpeg, source.path, thumbnail, row.durationMs, signal);
          thumbnailKey = derivedKey(row.storageKey, 'thumb', 'jpg');
          await storage.put(thumbnailKey, thumbnail);
        } catch (error) {
          // A missing ffmpeg fails the transcode below with its own message.
          if (error instanceof ToolAbortedError || error instanceof ToolMissingError) throw error;
          log.warn({ err: error, materialId: id }, 'video thumbnail failed');
          thumbnailKey = null;
        }
      }

      const output = await storage.stagingPath('.mp4');
      staged.push(output);
      await transcodeVideo(ffmpeg, source.path, output, signal);
      const transcodedKey = derivedKey(row.storageKey, 'web', 'mp4');
      await storage.put(transcodedKey, output);
      await repo.updateTranscode(db, id, {
        transcodeState: TranscodeState.transcoded,
        transcodeError: null,
        transcodedKey,
        thumbnailKey,
      });
      log.info({ materialId: id, ms: Date.now() - started }, 'video transcoded');
    } catch (error) {
      // Stopped by a shutdown: left at 0, resumed by the next start.
      if (error instanceof ToolAbortedError || signal.aborted) return;
      const message = describeFailure(error, ffmpeg);
      log.warn({ err: error, materialId: id }, 'video transcode failed');
      await repo.updateTranscode(db, id, {
        transcodeState: TranscodeState.failed,
        transcodeError: message,
      });
    } finally {
      await source.release();
      await Promise.all(staged.map((path) => rm(path, { force: true })));
    }
  }
}
