import { describe, expect, it } from 'vitest';
import { describeStoreBehaviour } from './behaviour-suite.js';
import { MemoryCapHistory } from './history.js';
import { createMemoryStateStore } from './memory.js';
import { NO_CAPS, TestClock, TestDatabase, type StoreHarness } from './test-kit.js';

describeStoreBehaviour('memory', (): StoreHarness => {
  const clock = new TestClock();
  const database = new TestDatabase();
  const stores = [] as ReturnType<typeof createMemoryStateStore>[];
  return {
    clock,
    database,
    open() {
      const store = createMemoryStateStore({ source: database.source, now: clock.now });
      stores.push(store);
      return store;
    },
    close: async () => {
      await Promise.all(stores.map((store) => store.close()));
    },
  };
});

describe('memory caps history bounds', () => {
  const daily = { ...NO_CAPS, timesPerUser: 3 };

  it('drops the least recently written users beyond maxUsers', () => {
    const clock = new TestClock();
    const history = new MemoryCapHistory(clock.now, 3);
    for (const uid of ['a', 'b', 'c']) history.record(uid, 1, clock.seconds, daily);
    // Writing 'a' again makes 'b' the oldest.
    history.record('a', 1, clock.seconds + 1, daily);
    history.record('d', 1, clock.seconds, daily);
    history.record('e', 1, clock.seconds, daily);

    expect(history.size).toBe(3);
    expect(history.read('b').size).toBe(0);
    expect(history.read('c').size).toBe(0);
    expect(history.read('a').get(1)).toEqual([clock.seconds, clock.seconds + 1]);
    expect(history.read('e').get(1)).toEqual([clock.seconds]);
  });

  it('evicts users whose history no cap needs any more', () => {
    const clock = new TestClock();
    const history = new MemoryCapHistory(clock.now, 1_000);
    history.record('old', 1, clock.seconds, daily);
    history.record('long', 1, clock.seconds, {
      ...NO_CAPS,
      frequencyPerUser: 1,
      intervalSeconds: 3 * 86_400,
    });
    clock.advance(26 * 3_600_000);
    history.record('new', 1, clock.seconds, daily);

    expect(history.size).toBe(2);
    expect(history.read('old').size).toBe(0);
    expect(history.read('long').get(1)).toHaveLength(1);
    clock.advance(3 * 86_400_000);
    expect(history.read('long').size).toBe(0);
  });

  it('records nothing for an empty uid', () => {
    const history = new MemoryCapHistory(new TestClock().now, 10);
    history.record('', 1, 1_000, daily);
    expect(history.size).toBe(0);
  });
});
