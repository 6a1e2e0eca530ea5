/**
 * The embedded database's own thread (db/pglite-worker.ts starts it): PGlite runs its
 * WebAssembly here, off the thread that serves ads, and speaks PostgreSQL's wire protocol
 * to node-postgres over a MessagePort, so the server uses the same driver as on PostgreSQL.
 */
import { writeFileSync } from 'node:fs';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { PgliteThreadData, ToPgliteThread } from './pglite-protocol.js';
import {
  CompleteMessages,
  concatBytes,
  PGLITE_THREAD_NAME,
  readyStatusOf,
} from './pglite-protocol.js';

const TERMINATE = 0x58; // 'X': node-postgres saying goodbye; PGlite's one session stays open.

const port = parentPort;
if (!port) throw new Error('db/pglite-thread.ts runs as a worker thread');
try {
  // Its name in top -H and /proc (every thread of Node is "node"); the delivery benchmark
  // finds it so to count its CPU as the database's.
  writeFileSync('/proc/thread-self/comm', PGLITE_THREAD_NAME);
} catch {
  // Not Linux: the name is only a convenience.
}
const data = workerData as PgliteThreadData;

let database: PGlite;
try {
  database =
    'dataDir' in data
      ? await PGlite.create(data.dataDir, { postgresqlconf: data.postgresqlconf })
      : await PGlite.create({
          loadDataDir: new Blob([data.loadDataDir]),
          postgresqlconf: data.postgresqlconf,
        });
} catch (error) {
  port.postMessage({ type: 'failed', message: String(error) });
  process.exit(1);
}

// Every connection's work in arrival order: PGlite has one session (the parent's pool keeps
// one connection), and closing waits for what is under way.
let queue = Promise.resolve();

/** One connection of the parent's pool. */
function serve(connection: MessagePort): void {
  const framing = new CompleteMessages();
  // What the last ReadyForQuery said: 'I' idle, 'T' in a transaction, 'E' in a failed one.
  let status = 'I';
  connection.on('message', (chunk: Uint8Array) => {
    const messages = framing.push(chunk).filter((message) => message[0] !== TERMINATE);
    if (messages.length === 0) return;
    queue = queue.then(async () => {
      const answer = await run(messages);
      status = readyStatusOf(answer) ?? status;
      connection.postMessage(answer, [answer.buffer]);
    });
  });
  connection.on('close', () => {
    // A connection that left inside a transaction must not leave it open for the next one.
    queue = queue.then(async () => {
      if (status !== 'I') await database.exec('rollback');
    });
  });
}

/** Runs a batch of messages (a query's Parse … Sync) and answers all PGlite wrote at once. */
async function run(messages: Uint8Array[]): Promise<Uint8Array<ArrayBuffer>> {
  const parts: Uint8Array[] = [];
  await database.runExclusive(async () => {
    for (const message of messages) {
      await database.execProtocolRawStream(message, {
        onRawData: (data) => parts.push(data.slice()),
      });
    }
  });
  return concatBytes(parts);
}

port.on('message', (message: ToPgliteThread) => {
  if (message.type === 'connect') serve(message.port);
  if (message.type === 'close') {
    queue = queue.then(() => database.close());
    void queue.then(
      () => port.postMessage({ type: 'closed' }),
      (error: unknown) => port.postMessage({ type: 'closed', message: String(error) }),
    );
  }
});
port.postMessage({ type: 'ready' });
