// Summarises a V8 .cpuprofile (`node --cpu-prof`): where the time went by self time (the
// function on top of the stack), by total time (the function anywhere on the stack, counted
// once a sample), and by area (our files per folder, each dependency, Node's internals,
// garbage collection, idle). With --requests, every figure is also given in µs per request.
//
//   node bench/profile/summary.mjs <file.cpuprofile> [--requests N] [--top 25]
//        [--from <µs>] [--to <µs>]   (a window in the profile's clock: CLOCK_MONOTONIC µs,
//                                     what process.hrtime.bigint() / 1000n reads)
//        [--focus <name>]            (the call tree under the functions named so, by total)
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** Reads a profile and cuts it to a window: per node, its self time in µs. */
export function loadProfile(file, { from, to } = {}) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map();
  let t = profile.startTime;
  let wall = 0;
  for (let i = 0; i < profile.samples.length; i += 1) {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if ((from !== undefined && t < from) || (to !== undefined && t > to)) continue;
    // A sample's time is the gap to the next one (what V8 attributes to it).
    const next = profile.timeDeltas[i + 1] ?? delta;
    self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + next);
    wall += next;
  }
  return { nodes, parent, self, wall, startTime: profile.startTime, endTime: profile.endTime };
}

/** The share of a loaded profile's time the thread was not idle. */
export function busyShare({ nodes, self, wall }) {
  let idle = 0;
  for (const [id, us] of self) if (nodes.get(id).callFrame.functionName === '(idle)') idle += us;
  return wall > 0 ? 1 - idle / wall : 0;
}

function frameName(frame, root) {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  let where = frame.url.replace(/^file:\/\//, '');
  if (where.startsWith('/')) where = relative(root, where);
  return `${name} ${where}:${frame.lineNumber + 1}`;
}

/** Which part of the program a frame belongs to, for the by-area table. */
function areaOf(frame, root) {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8/native (program)';
    return `native: ${functionName || '(anonymous)'}`;
  }
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/')[0]}`;
  const path = relative(root, url.replace(/^file:\/\//, ''));
  const modules = path.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = path.slice(modules + 'node_modules/'.length).split('/');
    return `dep: ${rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  const parts = path.split('/');
  // apps/server/src/delivery/decision/x.ts → apps/server/src/delivery/decision
  return parts.slice(0, Math.min(parts.length - 1, 5)).join('/') || path;
}

export function summarise(profile, { root, top, requests, focus }) {
  const { nodes, parent, self, wall } = profile;
  const per = (us) =>
    requests
      ? `${(us / requests).toFixed(2).padStart(8)} µs/req`
      : `${(us / 1000).toFixed(1).padStart(9)} ms`;
  const pct = (us) => `${((100 * us) / wall).toFixed(1).padStart(5)} %`;
  const bySelf = new Map();
  const byArea = new Map();
  const byTotal = new Map();
  for (const [id, us] of self) {
    const node = nodes.get(id);
    const name = frameName(node.callFrame, root);
    bySelf.set(name, (bySelf.get(name) ?? 0) + us);
    const area = areaOf(node.callFrame, root);
    byArea.set(area, (byArea.get(area) ?? 0) + us);
    // Total: every distinct function on the sample's stack, once.
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const frame = nodes.get(at).callFrame;
      const key = frameName(frame, root);
      if (seen.has(key)) continue;
      seen.add(key);
      byTotal.set(key, (byTotal.get(key) ?? 0) + us);
    }
  }
  const table = (title, map, count) => {
    console.info(`\n${title}`);
    for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, count)) {
      console.info(`  ${per(us)} ${pct(us)}  ${name}`);
    }
  };
  console.info(
    `window ${(wall / 1e6).toFixed(2)} s of samples${requests ? `, ${requests.toLocaleString('en-US')} requests: ${(wall / requests).toFixed(1)} µs of wall time each` : ''}`,
  );
  const idle = byArea.get('idle') ?? 0;
  console.info(
    `busy ${(100 - (100 * idle) / wall).toFixed(1)} % of the window${requests ? ` = ${((wall - idle) / requests).toFixed(1)} µs per request on the thread` : ''}`,
  );
  table('By area (self time)', byArea, 40);
  table(`Top ${top} functions by self time`, bySelf, top);
  table(`Top ${top} functions by total time (on the stack)`, byTotal, top);
  if (focus) focusTree(profile, focus, { root, per, pct });
}

/** The call tree under every function named `focus`, merged by name, children by total. */
function focusTree(profile, focus, { root, per, pct }) {
  const { nodes, self } = profile;
  const total = new Map();
  const sum = (id) => {
    if (total.has(id)) return total.get(id);
    const node = nodes.get(id);
    let us = self.get(id) ?? 0;
    for (const child of node.children ?? []) us += sum(child);
    total.set(id, us);
    return us;
  };
  // Merge subtrees by the path of names below the focus.
  const merged = { us: 0, children: new Map() };
  const add = (id, into) => {
    into.us += sum(id);
    for (const child of nodes.get(id).children ?? []) {
      if (sum(child) === 0) continue;
      const key = frameName(nodes.get(child).callFrame, root);
      if (!into.children.has(key)) into.children.set(key, { us: 0, children: new Map() });
      add(child, into.children.get(key));
    }
  };
  const inside = (id) => {
    for (let at = profile.parent.get(id); at !== undefined; at = profile.parent.get(at)) {
      if (nodes.get(at).callFrame.functionName === focus) return true;
    }
    return false;
  };
  for (const [id, node] of nodes) {
    if (node.callFrame.functionName === focus && !inside(id)) add(id, merged);
  }
  console.info(`\nCall tree under ${focus} (total time, children above 0.5 % of the window)`);
  const print = (tree, depth) => {
    for (const [name, child] of [...tree.children].sort((a, b) => b[1].us - a[1].us)) {
      if (child.us < profile.wall * 0.005 || depth > 12) continue;
      console.info(`  ${per(child.us)} ${pct(child.us)}  ${'  '.repeat(depth)}${name}`);
      print(child, depth + 1);
    }
  };
  console.info(`  ${per(merged.us)} ${pct(merged.us)}  ${focus}`);
  print(merged, 1);
}

function main() {
  const { values: flags, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      requests: { type: 'string' },
      top: { type: 'string', default: '25' },
      from: { type: 'string' },
      to: { type: 'string' },
      focus: { type: 'string' },
      root: { type: 'string', default: process.cwd() },
    },
  });
  if (positionals.length === 0) {
    console.error(
      'usage: node bench/profile/summary.mjs <file.cpuprofile> [--requests N] [--top 25]',
    );
    process.exitCode = 1;
    return;
  }
  const profile = loadProfile(positionals[0], {
    from: flags.from === undefined ? undefined : Number(flags.from),
    to: flags.to === undefined ? undefined : Number(flags.to),
  });
  summarise(profile, {
    root: flags.root,
    top: Number(flags.top),
    requests: flags.requests ? Number(flags.requests) : undefined,
    focus: flags.focus,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
