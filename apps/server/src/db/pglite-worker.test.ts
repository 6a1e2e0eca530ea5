import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { watchThread } from './pglite-worker.js';

/** A thread running `code`, and what watchThread told of it. */
async function watched(code: string, closing = false): Promise<Error[]> {
  const told: Error[] = [];
  const worker = new Worker(code, { eval: true });
  watchThread(
    worker,
    () => closing,
    (error) => told.push(error),
  );
  await new Promise((resolve) => worker.once('exit', resolve));
  await new Promise((resolve) => setImmediate(resolve));
  return told;
}

describe('watchThread', () => {
  it('tells once when the thread ends on its own, with its exit code', async () => {
    const told = await watched('process.exit(3)');
    expect(told.map(String)).toEqual([
      "Error: The embedded database's thread stopped (exit code 3)",
    ]);
  });

  it('tells once, with the error, when the thread fails', async () => {
    const told = await watched("throw new Error('WebAssembly ran out of memory')");
    expect(told).toHaveLength(1);
    expect(told[0]?.message).toBe('WebAssembly ran out of memory');
  });

  it('says nothing when the thread ends because the database was closed', async () => {
    expect(await watched('process.exit(0)', true)).toEqual([]);
  });
});
