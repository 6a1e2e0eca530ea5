// The delivery benchmark's child processes (bench/delivery/run.mjs): starting them (pinned
// to a CPU with taskset when asked), waiting for them to answer, stopping them, and reading
// the CPU time of a process tree and of PostgreSQL's backends from /proc.
import { execFileSync, spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

export function hasTaskset() {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A child process (pinned to `cpu` when given), its output kept for errors. */
export function start(name, args, env, { cpu } = {}) {
  const [command, argv] =
    cpu !== undefined ? ['taskset', ['-c', cpu, ...args]] : [args[0], args.slice(1)];
  const child = spawn(command, argv, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, child, exited, output: () => output };
}

export async function stop(proc) {
  if (proc.child.exitCode !== null) return;
  proc.child.kill('SIGTERM');
  const timeout = sleep(15_000).then(() => 'timeout');
  if ((await Promise.race([proc.exited, timeout])) === 'timeout') proc.child.kill('SIGKILL');
}

export async function run(name, args, env) {
  const proc = start(name, args, env);
  const code = await proc.exited;
  if (code !== 0) throw new Error(`${name} failed (exit ${code}):\n${proc.output()}`);
  return proc.output();
}

export async function waitForHttp(proc, url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) {
      throw new Error(`${proc.name} exited (${proc.child.exitCode}):\n${proc.output()}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`${proc.name} did not answer ${url} within ${timeoutMs / 1000} s`);
}

const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time (user + system, ms) of processes by pid (or threads, as `pid/task/tid`), from /proc;
 * 0 where it cannot be read.
 */
async function cpuMsOf(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command (which may hold spaces): state is field 3, utime 14, stime 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone or not Linux.
    }
  }
  return (ticks * 1000) / CLOCK_TICKS;
}

/** A process and its descendants (the cluster's workers), from /proc. */
async function processTree(rootPid) {
  const children = new Map();
  for (const entry of await readdir('/proc').catch(() => [])) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Exited meanwhile.
    }
  }
  const tree = [];
  const visit = (pid) => {
    tree.push(pid);
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(rootPid);
  return tree;
}

/**
 * The threads of `pid` named `name` (/proc/<pid>/task/<tid>/comm): the embedded database's
 * thread is "adloom-pglite" (apps/server/src/db/pglite-thread.ts).
 */
export async function threadsNamed(pid, name) {
  const tids = [];
  for (const tid of await readdir(`/proc/${pid}/task`).catch(() => [])) {
    const comm = await readFile(`/proc/${pid}/task/${tid}/comm`, 'utf8').catch(() => '');
    if (comm.trim() === name) tids.push(Number(tid));
  }
  return tids;
}

async function threadCpuMs(pid, tids) {
  return cpuMsOf(tids.map((tid) => `${pid}/task/${tid}`));
}

/**
 * What to count the CPU of while measuring: the server's process tree, and its database's: on
 * PostgreSQL the backends connected to the bench database (the same machine; their pids from
 * pg_stat_activity), on PGlite the embedded database's thread (`databaseThreads`), taken out
 * of the server's figure.
 */
export function cpuProbe(pid, databaseUrl, databaseThreads = []) {
  return async () => {
    const server = await cpuMsOf(await processTree(pid));
    if (!databaseUrl) {
      const database = await threadCpuMs(pid, databaseThreads);
      return { server: server - database, database };
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return { server, database: await cpuMsOf(rows.map((row) => row.pid)) };
    } finally {
      await client.end();
    }
  };
}
