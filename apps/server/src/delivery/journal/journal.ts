/**
 * The event journal (docs/decisions/event-journal.md): every billed event (impression,
 * click, billing notice, CPT charge) is appended to a file of this process with one write()
 * before its tracking request is answered, so a crash of the process (kill -9, OOM) loses
 * nothing the kernel holds. A segment is deleted only after a flush that carried all of its
 * events has committed; a segment left by a dead process is taken over (renamed, atomic)
 * and its events are counted again — delivery_events makes that count once.
 *
 * Files in the journal directory:
 *   <host>_<instance>_<seq>.log   one JSON event a line (a torn last line is skipped)
 *   <host>_<instance>.alive       touched every flush: the owner lives
 * An instance is `<pid>.<start>.<random>`. An owner is dead when it is not this process's
 * and either runs on this host under a pid that is gone (or is this process's own pid, taken
 * over after a restart) or has not touched its .alive file for STALE_AFTER_MS.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fdatasync,
  fdatasyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  utimes,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { BilledEvent } from '../ports.js';

/** An owner whose heartbeat is older than this is taken for dead (another host, a reused pid). */
export const STALE_AFTER_MS = 30_000;

export const JOURNAL_HOST = hostname().replace(/[^A-Za-z0-9.-]/g, '-') || 'host';
const SEGMENT = /^([A-Za-z0-9.-]+)_(\d+)\.([a-z0-9]+\.[0-9a-f]+)_(\d+)\.log$/;
const ALIVE = /^([A-Za-z0-9.-]+)_(\d+)\.([a-z0-9]+\.[0-9a-f]+)\.alive$/;

/** Instances this process runs (several engines in one process: the tests). */
const liveInstances = new Set<string>();

export interface JournalLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JournalOptions {
  dir: string;
  log: JournalLog;
  /** > 0: fdatasync the open segment this often (bounds what a machine crash loses). */
  fsyncMs?: number;
  now?: () => number;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}

/** The events of a segment's text; lines that do not parse (a torn write) are skipped. */
export function parseSegment(text: string): { events: BilledEvent[]; skipped: number } {
  const events: BilledEvent[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      const event = JSON.parse(line) as BilledEvent;
      if (typeof event.id === 'string' && typeof event.at === 'number' && event.dims) {
        events.push(event);
      } else skipped += 1;
    } catch {
      skipped += 1;
    }
  }
  return { events, skipped };
}

export class EventJournal {
  readonly instance: string;
  private readonly dir: string;
  private readonly log: JournalLog;
  private readonly now: () => number;
  private readonly alivePath: string;
  private seq = 0;
  private fd: number | null = null;
  private currentPath = '';
  private written = false;
  private unsynced = false;
  /** Sealed segments whose events wait for a committed flush. */
  private awaiting: string[] = [];
  private syncTimer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(options: JournalOptions) {
    this.dir = options.dir;
    this.log = options.log;
    this.now = options.now ?? Date.now;
    this.instance = `${process.pid}.${Date.now().toString(36)}.${randomBytes(3).toString('hex')}`;
    mkdirSync(this.dir, { recursive: true });
    this.alivePath = join(this.dir, `${JOURNAL_HOST}_${this.instance}.alive`);
    writeFileSync(this.alivePath, '');
    liveInstances.add(this.instance);
    const fsyncMs = options.fsyncMs ?? 0;
    if (fsyncMs > 0) {
      this.syncTimer = setInterval(() => this.sync(), fsyncMs);
      this.syncTimer.unref();
    }
  }

  private segmentPath(): string {
    this.seq += 1;
    return join(
      this.dir,
      `${JOURNAL_HOST}_${this.instance}_${String(this.seq).padStart(8, '0')}.log`,
    );
  }

  /**
   * Appends an event: one write() of one line, done when this returns (the kernel holds it;
   * a process crash keeps it). Throws when the disk refuses: the caller must not answer.
   */
  append(event: BilledEvent): void {
    if (this.fd === null) {
      this.currentPath = this.segmentPath();
      this.fd = openSync(this.currentPath, 'a');
    }
    writeSync(this.fd, `${JSON.stringify(event)}\n`);
    this.written = true;
    this.unsynced = true;
  }

  /**
   * Closes the open segment (when it holds events) and answers every segment whose events
   * the flush about to start carries: those sealed now and by earlier, failed flushes.
   */
  seal(): string[] {
    if (this.fd !== null && this.written) {
      this.closeSegment();
      this.awaiting.push(this.currentPath);
    }
    return [...this.awaiting];
  }

  private closeSegment(): void {
    if (this.fd === null) return;
    if (this.unsynced) {
      try {
        // Sealing happens once a flush interval: the cost of a sync here is small.
        if (this.syncTimer) fdatasyncSync(this.fd);
      } catch {
        // the segment is still read at recovery
      }
    }
    closeSync(this.fd);
    this.fd = null;
    this.written = false;
    this.unsynced = false;
  }

  /** The flush that carried these segments' events has committed: they go. */
  committed(paths: readonly string[]): void {
    const done = new Set(paths);
    this.awaiting = this.awaiting.filter((path) => !done.has(path));
    for (const path of paths) {
      try {
        unlinkSync(path);
      } catch (error) {
        if (!isMissing(error)) this.log.error({ err: error, path }, 'journal: delete failed');
      }
    }
  }

  /** Tells other processes this one lives. */
  heartbeat(): void {
    const at = new Date(this.now());
    utimes(this.alivePath, at, at, (error) => {
      if (error && !this.closed) writeFileSync(this.alivePath, '');
    });
  }

  private ownerIsDead(host: string, pid: number, instance: string): boolean {
    if (liveInstances.has(instance)) return false;
    if (host === JOURNAL_HOST) {
      // Our own pid under another instance: a process before a restart that reused the pid.
      if (pid === process.pid) return true;
      try {
        process.kill(pid, 0);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ESRCH') return true;
      }
    }
    try {
      const { mtimeMs } = statSync(join(this.dir, `${host}_${instance}.alive`));
      return this.now() - mtimeMs > STALE_AFTER_MS;
    } catch {
      return true;
    }
  }

  /**
   * Takes over the segments of dead owners (this process's own earlier life included) and
   * answers their events, oldest segment first, and the dead owners found. Each taken segment is renamed into this
   * instance's name first — atomic, so of several processes starting at once one takes it —
   * and waits, like a sealed one, for the flush that carries its events.
   */
  claimOrphans(): { events: BilledEvent[]; owners: string[] } {
    const events: BilledEvent[] = [];
    const owners = new Set<string>();
    let names: string[];
    try {
      names = readdirSync(this.dir).sort();
    } catch (error) {
      this.log.error({ err: error, dir: this.dir }, 'journal: cannot read the directory');
      return { events, owners: [] };
    }
    const dead = new Map<string, boolean>();
    const deadOwner = (host: string, pid: number, instance: string) => {
      const key = `${host}_${instance}`;
      let answer = dead.get(key);
      if (answer === undefined) {
        answer = this.ownerIsDead(host, pid, instance);
        dead.set(key, answer);
      }
      return answer;
    };
    for (const name of names) {
      const match = SEGMENT.exec(name);
      if (!match) continue;
      const [, host = '', pid = '0', rest = ''] = match;
      const instance = `${pid}.${rest}`;
      if (!deadOwner(host, Number(pid), instance)) continue;
      owners.add(instance);
      const taken = this.segmentPath();
      try {
        renameSync(join(this.dir, name), taken);
      } catch (error) {
        if (!isMissing(error)) this.log.error({ err: error, name }, 'journal: cannot take over');
        continue; // another process took it
      }
      const { events: found, skipped } = parseSegment(readFileSync(taken, 'utf8'));
      if (skipped > 0) this.log.warn({ name, skipped }, 'journal: unreadable lines skipped');
      for (const event of found) events.push(event);
      this.awaiting.push(taken);
    }
    // Heartbeat files of dead owners whose segments are all taken.
    for (const name of names) {
      const match = ALIVE.exec(name);
      if (!match) continue;
      const [, host = '', pid = '0', rest = ''] = match;
      if (deadOwner(host, Number(pid), `${pid}.${rest}`)) {
        owners.add(`${pid}.${rest}`);
        try {
          unlinkSync(join(this.dir, name));
        } catch {
          // gone already
        }
      }
    }
    return { events, owners: [...owners] };
  }

  /** fdatasync of the open segment (JOURNAL_FSYNC_MS), off the event loop. */
  private sync(): void {
    if (this.fd === null || !this.unsynced) return;
    this.unsynced = false;
    fdatasync(this.fd, (error) => {
      if (error) this.log.error({ err: error }, 'journal: fdatasync failed');
    });
  }

  /**
   * The graceful end, after the last flush committed: the open segment (empty of anything
   * uncommitted) and the heartbeat go. Segments still awaiting a flush stay for a restart.
   */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.syncTimer);
    const open = this.fd !== null ? this.currentPath : '';
    const hadEvents = this.written;
    if (this.fd !== null) {
      closeSync(this.fd);
      this.fd = null;
    }
    if (open && !hadEvents) this.committed([open]);
    else if (open) this.awaiting.push(open);
    if (this.awaiting.length === 0) {
      try {
        unlinkSync(this.alivePath);
      } catch {
        // gone already
      }
    }
    liveInstances.delete(this.instance);
  }
}
