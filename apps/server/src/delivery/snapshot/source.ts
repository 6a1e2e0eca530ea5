/**
 * Keeps the engine's snapshot current: the configuration version (bumped by database
 * triggers on every console write, migration 0004) is polled once a second and the snapshot
 * is rebuilt whole when it moved, so a change serves in every process within about a second
 * without a restart (docs/product/design.md#delivery-engine). Requests keep using the old snapshot while a new one builds.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { configVersion } from '../../db/schema.js';
import type { Snapshot } from '../types.js';

export type SnapshotLoader = (db: Database, version: number, now: number) => Promise<Snapshot>;

export interface SnapshotSourceOptions {
  db: Database;
  load: SnapshotLoader;
  pollMs: number;
  now: () => number;
  onError: (error: unknown) => void;
}

export async function readConfigVersion(db: Database): Promise<number> {
  const [row] = await db
    .select({ version: configVersion.version })
    .from(configVersion)
    .where(eq(configVersion.id, 1));
  return row?.version ?? 0;
}

export class SnapshotSource {
  private snapshot: Snapshot | null = null;
  private building: Promise<Snapshot> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: SnapshotSourceOptions) {}

  /** The snapshot requests decide over; null before the first build. */
  current(): Snapshot | null {
    return this.snapshot;
  }

  /** The current snapshot, building the first one when there is none. */
  async ensure(): Promise<Snapshot> {
    return this.snapshot ?? this.sync();
  }

  /** Reads the version now and rebuilds when it moved; answers the snapshot after. */
  async sync(): Promise<Snapshot> {
    // A build under way may have read the version before the caller's change committed:
    // wait for it, then read the version again (cheap when nothing moved).
    while (this.building) await this.building.catch(() => undefined);
    this.building = (async () => {
      const { db, load, now } = this.options;
      const version = await readConfigVersion(db);
      if (!this.snapshot || this.snapshot.version !== version) {
        this.snapshot = await load(db, version, now());
      }
      return this.snapshot;
    })().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.sync().catch(this.options.onError);
    }, this.options.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.building?.catch(() => undefined);
  }
}
