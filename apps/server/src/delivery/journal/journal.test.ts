/**
 * The event journal on disk: what is appended is there before append returns, a committed
 * flush deletes its segments, a dead process's segments are taken over once (a live one's
 * never), and a torn last line is skipped.
 */
import { mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dimsOf, impressionOf, RecordingLog } from '../accounting/test-kit.js';
import { EventJournal, JOURNAL_HOST, parseSegment, STALE_AFTER_MS } from './journal.js';

/** Above Linux's largest pid (2^22): no process has it. */
const DEAD_PID = 4_194_999;

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'adloom-journal-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const event = () => impressionOf(dimsOf({ advertiserId: 5, planId: 6 }), Date.now(), 1_500);
const logs = (names: string[]) => names.filter((name) => name.endsWith('.log')).sort();

describe('the event journal', () => {
  it('holds each event in its file once append returns, and deletes committed segments', async () => {
    const journal = new EventJournal({ dir, log: new RecordingLog() });
    const first = event();
    journal.append(first);
    const [segment] = logs(await readdir(dir));
    expect(segment).toBeDefined();
    const written = parseSegment(await readFile(join(dir, segment ?? ''), 'utf8'));
    expect(written.events).toEqual([first]);

    const sealed = journal.seal();
    journal.append(event());
    expect(logs(await readdir(dir))).toHaveLength(2);
    journal.committed(sealed);
    expect(logs(await readdir(dir))).toHaveLength(1);
    // A failed flush's segments wait for the next one: sealed again with the new one.
    expect(journal.seal()).toHaveLength(1);
    expect(journal.seal()).toHaveLength(1);
    journal.committed(journal.seal());
    journal.close();
    expect(await readdir(dir)).toEqual([]);
  });

  it("takes over a dead process's segments once, never a live one's", async () => {
    const live = new EventJournal({ dir, log: new RecordingLog() });
    live.append(event());
    const lost = [event(), event()];
    const deadInstance = `${DEAD_PID}.abc.0a0b0c`;
    await writeFile(
      join(dir, `${JOURNAL_HOST}_${deadInstance}_00000001.log`),
      // The last line was torn by the crash.
      `${lost.map((e) => JSON.stringify(e)).join('\n')}\n{"id":"imp:x","ki`,
    );
    await writeFile(join(dir, `${JOURNAL_HOST}_${deadInstance}.alive`), '');

    const log = new RecordingLog();
    const restarted = new EventJournal({ dir, log });
    expect(restarted.claimOrphans()).toEqual({ events: lost, owners: [deadInstance] });
    expect(log.levels('warn')).toEqual(['journal: unreadable lines skipped']);
    // Taken: a second look (or a second process) finds nothing more.
    const nothing = { events: [], owners: [] };
    expect(restarted.claimOrphans()).toEqual(nothing);
    expect(new EventJournal({ dir, log: new RecordingLog() }).claimOrphans()).toEqual(nothing);
    expect((await readdir(dir)).some((name) => name.includes(deadInstance))).toBe(false);
    // The taken segment is deleted by the flush that carries its events.
    const carried = restarted.seal();
    expect(carried).toHaveLength(1);
    restarted.committed(carried);
    expect(logs(await readdir(dir))).toHaveLength(1); // the live journal's own
  });

  it('takes over the segments of another host only when its heartbeat is stale', async () => {
    const instance = '77.abc.0d0e0f';
    const alive = join(dir, `other-host_${instance}.alive`);
    await writeFile(
      join(dir, `other-host_${instance}_00000001.log`),
      `${JSON.stringify(event())}\n`,
    );
    await writeFile(alive, '');
    const journal = new EventJournal({ dir, log: new RecordingLog() });
    expect(journal.claimOrphans().events).toEqual([]);
    const stale = new Date(Date.now() - STALE_AFTER_MS - 5_000);
    await utimes(alive, stale, stale);
    expect(journal.claimOrphans()).toMatchObject({ owners: [instance] });
  });
});
