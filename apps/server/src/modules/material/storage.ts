/**
 * Where material files live, behind a small interface so that S3-compatible storage can be
 * added without touching the upload, transcode or serving code. Objects are named by random
 * keys (`materialKeys`): 128 bits of randomness, never the uploader's file name.
 *
 * The local store keeps objects under UPLOAD_DIR/objects/<first two hex digits>/<key> and
 * stages incoming files under UPLOAD_DIR/staging on the same volume (a move, not a copy).
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** An inclusive byte range of an object (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MaterialStorage {
  /** A fresh local path to write an incoming or generated file to, before `put`. */
  stagingPath(suffix: string): Promise<string>;
  /** Moves a finished staging file into the store under `key`. */
  put(key: string, localPath: string): Promise<void>;
  /** The object's size, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /** Reads the object, or a range of it. */
  read(key: string, range?: ByteRange): Readable;
  /**
   * A local file holding the object (ffmpeg reads files): the local store answers its own
   * file; a remote store would download to staging and `release` would delete the copy.
   */
  localCopy(key: string): Promise<{ path: string; release(): Promise<void> }>;
  /** Deletes the object; a missing one is fine. */
  remove(key: string): Promise<void>;
  /** Deletes staging files older than `maxAgeMs` (left by a crash). */
  sweepStaging(maxAgeMs: number): Promise<number>;
}

/** The key of an object: 32 hex digits, an optional role suffix and an extension. */
const KEY_PATTERN = /^[0-9a-f]{32}(?:-(?:thumb|web))?\.(?:jpg|png|gif|mp4|mkv)$/;

export function isMaterialKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** The keys of one material's files: original, thumbnail and web-playable MP4. */
export function materialKeys(ext: string) {
  const base = randomBytes(16).toString('hex');
  return {
    original: `${base}.${ext}`,
    thumbnail: `${base}-thumb.jpg`,
    transcoded: `${base}-web.mp4`,
  };
}

export class LocalStorage implements MaterialStorage {
  private readonly objects: string;
  private readonly staging: string;

  constructor(root: string) {
    this.objects = join(root, 'objects');
    this.staging = join(root, 'staging');
  }

  private pathOf(key: string): string {
    if (!isMaterialKey(key)) throw new Error(`Not a material key: ${key}`);
    return join(this.objects, key.slice(0, 2), key);
  }

  async stagingPath(suffix: string): Promise<string> {
    await mkdir(this.staging, { recursive: true });
    return join(this.staging, `${randomBytes(12).toString('hex')}${suffix}`);
  }

  async put(key: string, localPath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(join(this.objects, key.slice(0, 2)), { recursive: true });
    await rename(localPath, target);
  }

  async size(key: string): Promise<number | undefined> {
    if (!isMaterialKey(key)) return undefined;
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? info.size : undefined;
    } catch {
      return undefined;
    }
  }

  read(key: string, range?: ByteRange): Readable {
    return createReadStream(this.pathOf(key), range ?? {});
  }

  async localCopy(key: string) {
    return { path: this.pathOf(key), release: async () => undefined };
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async sweepStaging(maxAgeMs: number): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.staging);
    } catch {
      return 0;
    }
    let removed = 0;
    const cutoff = Date.now() - maxAgeMs;
    for (const name of names) {
      const path = join(this.staging, name);
      try {
        if ((await stat(path)).mtimeMs < cutoff) {
          await unlink(path);
          removed += 1;
        }
      } catch {
        // Gone already, or not ours to delete.
      }
    }
    return removed;
  }
}
