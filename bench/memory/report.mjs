// Preloaded into the server by bench/memory/run.mjs (`node --import ./report.mjs`): on
// SIGUSR2 it writes where the process's memory is to BENCH_MEMORY_OUT as JSON — Node's own
// counters (heap, external, array buffers: PGlite's WebAssembly memory is one), V8's heap
// spaces, and the kernel's view (/proc/self/status and smaps_rollup). It changes nothing
// else in the server. With BENCH_HEAP_SNAPSHOT=<file> it also writes a V8 heap snapshot.
import { readFileSync, writeFileSync } from 'node:fs';
import { getHeapSpaceStatistics, getHeapStatistics, writeHeapSnapshot } from 'node:v8';

const out = process.env.BENCH_MEMORY_OUT;

function kernelFigures() {
  const figures = {};
  for (const file of ['/proc/self/status', '/proc/self/smaps_rollup']) {
    try {
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        const match = /^(\w+):\s+(\d+) kB/.exec(line);
        if (match)
          figures[`${file.endsWith('status') ? '' : 'smaps.'}${match[1]}`] =
            Number(match[2]) * 1024;
      }
    } catch {
      // Not Linux.
    }
  }
  return figures;
}

if (out) {
  process.on('SIGUSR2', () => {
    // BENCH_HEAP_SNAPSHOT: also a heap snapshot there, for Chrome's memory tab.
    if (process.env.BENCH_HEAP_SNAPSHOT) writeHeapSnapshot(process.env.BENCH_HEAP_SNAPSHOT);
    const spaces = Object.fromEntries(
      getHeapSpaceStatistics().map((space) => [space.space_name, space.space_used_size]),
    );
    writeFileSync(
      out,
      JSON.stringify({
        memoryUsage: process.memoryUsage(),
        heap: getHeapStatistics(),
        spaces,
        kernel: kernelFigures(),
      }),
    );
  });
}
