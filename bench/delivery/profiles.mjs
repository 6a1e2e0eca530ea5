// The --profile part of the delivery benchmark (run.mjs): the server ran with --cpu-prof, and
// each endpoint's measured window is summarised per thread in µs per request.
import { readdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { busyShare, loadProfile, summarise } from '../profile/summary.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Whether a thread's profile is the embedded database's (it runs db/pglite-thread.ts). */
function isDatabaseThread({ nodes }) {
  for (const node of nodes.values()) if (node.callFrame.url.includes('pglite-thread')) return true;
  return false;
}

/** Summarises the profiles written since `started` (ms) in `dir`, for each endpoint's window. */
export async function summariseProfiles(dir, started, figures) {
  const fresh = [];
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.cpuprofile'))) {
    const path = join(dir, file);
    if ((await stat(path)).mtimeMs >= started) fresh.push(path);
  }
  for (const [name, result] of Object.entries(figures)) {
    // Only the threads that worked: tsx's loader thread writes a profile too, idle, and
    // counting it halved every figure per request.
    const busy = fresh
      .map((path) => ({ path, profile: loadProfile(path, result.window) }))
      .filter(({ profile }) => busyShare(profile) > 0.05);
    // The embedded database's thread is the database's work: summarised on its own.
    const serving = busy.filter(({ profile }) => !isDatabaseThread(profile));
    for (const { path, profile } of busy.filter((entry) => !serving.includes(entry))) {
      console.info(`\n=== profile ${path}: ${name}, the embedded database's thread`);
      summarise(profile, { root: ROOT, top: 15, requests: result.total });
    }
    for (const { path, profile } of serving) {
      console.info(
        `\n=== profile ${path}: ${name}, measured window --from ${result.window.from} --to ${result.window.to}`,
      );
      summarise(profile, { root: ROOT, top: 30, requests: result.total / serving.length });
    }
  }
}
