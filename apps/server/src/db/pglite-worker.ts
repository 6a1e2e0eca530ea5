/**
 * The embedded database on a thread of its own (docs/decisions/pglite-thread.md): PGlite's
 * WebAssembly runs in a worker (db/pglite-thread.ts), and this side talks to it with
 * node-postgres over a MessagePort, as to PostgreSQL over a socket. The accounting flush's
 * SQL then no longer runs on the thread that serves ads.
 */
import { Duplex } from 'node:stream';
import { join } from 'node:path';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { SERVER_ROOT } from '../paths.js';
import { embeddedDatabases, type Database, type DatabaseHandle } from './client.js';
import {
  concatBytes,
  type FromPgliteThread,
  type PgliteThreadData,
  type ToPgliteThread,
} from './pglite-protocol.js';
import * as schema from './schema.js';

/**
 * Starts the thread: the bundle's file in dist/, or under tsx and vitest the TypeScript
 * source, through tsx's loader registered in the new thread (flags do not carry it there).
 */
function startThread(workerData: PgliteThreadData): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(join(SERVER_ROOT, 'dist', 'pglite-thread.js'), { workerData });
  }
  const loader = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./pglite-thread.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(loader)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, workerData });
}

/** node-postgres's socket, made of a MessagePort: bytes out as transferred copies, bytes in. */
class PortStream extends Duplex {
  constructor(private readonly port: MessagePort) {
    super();
    port.on('message', (bytes: Uint8Array) => {
      this.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    });
    port.on('close', () => this.push(null));
  }

  // What node-postgres's Connection calls on a socket.
  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setKeepAlive(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  override _read(): void {
    // Bytes arrive when the thread answers; nothing to ask for.
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void) {
    this.send([chunk]);
    done();
  }

  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error | null) => void): void {
    this.send(chunks.map(({ chunk }) => chunk));
    done();
  }

  override _final(done: (error?: Error | null) => void): void {
    this.port.close();
    done();
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    this.port.close();
    done(error);
  }

  /** One message a write: a copy of exactly these bytes, its buffer moved, not cloned. */
  private send(chunks: Buffer[]): void {
    const bytes = concatBytes(chunks);
    this.port.postMessage(bytes, [bytes.buffer]);
  }
}

function nextMessage(worker: Worker): Promise<FromPgliteThread> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      worker.off('message', onMessage);
      reject(error);
    };
    const onMessage = (message: FromPgliteThread) => {
      worker.off('error', onError);
      resolve(message);
    };
    worker.once('message', onMessage);
    worker.once('error', onError);
  });
}

/**
 * Calls `stopped` once if the thread ends, or fails, while `closing()` says it should not:
 * the database is then gone for good, and every query would wait for it forever.
 */
export function watchThread(
  worker: Worker,
  closing: () => boolean,
  stopped: (error: Error) => void,
): void {
  let told = false;
  const tell = (error: Error) => {
    if (told || closing()) return;
    told = true;
    stopped(error);
  };
  worker.on('error', tell);
  worker.on('exit', (code) => {
    tell(new Error(`The embedded database's thread stopped (exit code ${code})`));
  });
}

/** The process ends as it would if PGlite had failed in its own thread: a supervisor restarts it. */
const crash = (error: Error) => {
  process.nextTick(() => {
    throw error;
  });
};

/** Starts PGlite on its thread over `dataDir` and answers its handle once it is open. */
export async function openPgliteThread(options: PgliteThreadData): Promise<DatabaseHandle> {
  const worker = startThread(options);
  const started = await nextMessage(worker);
  if (started.type !== 'ready') {
    await worker.terminate();
    throw new Error(`PGlite did not start: ${'message' in started ? started.message : ''}`);
  }
  let closing: Promise<void> | undefined;
  watchThread(worker, () => closing !== undefined, crash);
  const pool = new pg.Pool({
    // PGlite has one session: one connection, kept for the life of the process, so a
    // transaction holds the database as PGlite's own does.
    max: 1,
    idleTimeoutMillis: 0,
    user: 'postgres',
    database: 'postgres',
    stream: () => {
      const { port1, port2 } = new MessageChannel();
      worker.postMessage({ type: 'connect', port: port2 } satisfies ToPgliteThread, [port2]);
      return new PortStream(port1);
    },
  } as pg.PoolConfig);
  pool.on('error', () => undefined);
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
  embeddedDatabases.add(db);
  return {
    kind: 'pglite-thread',
    client: pool,
    db,
    close: () => {
      closing ??= (async () => {
        await pool.end();
        const closed = nextMessage(worker);
        worker.postMessage({ type: 'close' } satisfies ToPgliteThread);
        await closed;
        await worker.terminate();
      })();
      return closing;
    },
  };
}
