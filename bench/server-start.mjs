// How `npm start` runs the server: the environment settings and Node flags of the start
// scripts in apps/server/package.json, read from the scripts themselves, so that a benchmark
// measures the server as it is deployed (the memory settings of docs/OPERATIONS.md, the young
// generation's size among them) and never drifts from it.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_PACKAGE = join(dirname(fileURLToPath(import.meta.url)), '../apps/server/package.json');
const ENV_WORD = /^([A-Z_][A-Z0-9_]*)=(\S*)$/;

/**
 * The settings of a start script of the form `NAME=value … node --flag … entry`: `env` the
 * assignments before `node`, `nodeArgs` the flags between `node` and the entry. Anything
 * else (a shell construct, no `node`) is refused rather than half read.
 */
export function startSettingsOf(script) {
  const words = script.trim().split(/\s+/);
  const nodeAt = words.indexOf('node');
  if (nodeAt < 0) throw new Error(`the start script runs no node: ${script}`);
  const env = {};
  for (const word of words.slice(0, nodeAt)) {
    const match = ENV_WORD.exec(word);
    if (!match) throw new Error(`the start script sets something other than a variable: ${word}`);
    env[match[1]] = match[2];
  }
  const nodeArgs = [];
  const rest = words.slice(nodeAt + 1);
  for (const word of rest) {
    if (!word.startsWith('-')) break;
    nodeArgs.push(word);
  }
  if (nodeArgs.length === rest.length)
    throw new Error(`the start script names no entry: ${script}`);
  return { env, nodeArgs };
}

/** The settings of apps/server's `start` (or `start:cluster`) script. */
export function npmStartSettings(scriptName = 'start') {
  const scripts = JSON.parse(readFileSync(SERVER_PACKAGE, 'utf8')).scripts ?? {};
  const script = scripts[scriptName];
  if (typeof script !== 'string') throw new Error(`apps/server has no ${scriptName} script`);
  return startSettingsOf(script);
}

/** Settings as a start script writes them: `NAME=value … --flag …`. */
export function settingsText({ env, nodeArgs }) {
  return [...Object.entries(env).map(([name, value]) => `${name}=${value}`), ...nodeArgs].join(' ');
}
