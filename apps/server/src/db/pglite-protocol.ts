/**
 * What the server's thread and the embedded database's thread (db/pglite-thread.ts) say to
 * each other, and how PostgreSQL's wire protocol is cut into whole messages between them.
 */
import type { MessagePort } from 'node:worker_threads';

/** The thread's name for the operating system (at most 15 bytes on Linux). */
export const PGLITE_THREAD_NAME = 'adloom-pglite';

/** Where the thread's database lives: a directory, or in memory from a dump (the tests'). */
export type PgliteThreadData =
  | { dataDir: string; postgresqlconf: string[] }
  | { loadDataDir: Uint8Array; postgresqlconf: string[] };

export type ToPgliteThread = { type: 'connect'; port: MessagePort } | { type: 'close' };

export type FromPgliteThread =
  { type: 'ready' } | { type: 'failed'; message: string } | { type: 'closed'; message?: string };

/** The parts one after the other, in a new buffer of their own. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

const READY_FOR_QUERY = 0x5a; // 'Z', length 5, then the transaction status

/**
 * Cuts a connection's bytes into whole protocol messages: the first is the start-up message
 * (its length first, no type byte), every later one a type byte and then its length.
 */
export class CompleteMessages {
  private pending = new Uint8Array(0);
  private started = false;

  push(chunk: Uint8Array): Uint8Array[] {
    const bytes = concatBytes([this.pending, chunk]);
    const view = new DataView(bytes.buffer);
    const messages: Uint8Array[] = [];
    let offset = 0;
    for (;;) {
      const header = this.started ? 5 : 4;
      if (bytes.length - offset < header) break;
      const length = this.started ? 1 + view.getInt32(offset + 1) : view.getInt32(offset);
      if (bytes.length - offset < length) break;
      messages.push(bytes.subarray(offset, offset + length));
      offset += length;
      this.started = true;
    }
    this.pending = bytes.slice(offset);
    return messages;
  }
}

/** The transaction status of the ReadyForQuery that ends an answer ('I', 'T' or 'E'), if any. */
export function readyStatusOf(answer: Uint8Array): string | undefined {
  const at = answer.length - 6;
  if (at < 0 || answer[at] !== READY_FOR_QUERY) return undefined;
  const view = new DataView(answer.buffer, answer.byteOffset, answer.byteLength);
  if (view.getInt32(at + 1) !== 5) return undefined;
  return String.fromCharCode(answer[at + 5] ?? 0);
}
