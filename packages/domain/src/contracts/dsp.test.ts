import { describe, expect, it } from 'vitest';
import { ZDspFields } from './dsp.js';

const fields = (config: unknown) =>
  ZDspFields.safeParse({ name: 'Bidder', request_url: 'https://bidder.example/rtb', config });

describe('a demand partner’s user-sync URL (config.userSync)', () => {
  it('takes an http(s) URL with its macros, or none', () => {
    expect(fields({ userSync: 'https://sync.example/u?r={{redirect_url}}' }).success).toBe(true);
    expect(fields('{"userSync": "http://sync.example/u"}').success).toBe(true);
    expect(fields({ seat: 's1' }).success).toBe(true);
  });

  it.each([
    ['ftp://sync.example/u'],
    ['https://user:pw@sync.example/u'],
    [''],
    [42],
    ['https://a b'],
  ])('refuses %j naming config with the dsp.userSync message', (userSync) => {
    const parsed = fields({ userSync });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['config'], message: 'dsp.userSync' }),
    ]);
  });
});

describe('a demand partner’s user-sync type (config.userSyncType)', () => {
  it('takes iframe or redirect, or none', () => {
    for (const userSyncType of ['iframe', 'redirect']) {
      expect(fields({ userSync: 'https://sync.example/u', userSyncType }).success).toBe(true);
    }
  });

  it.each([['image'], [''], [1], [null]])(
    'refuses %j naming config with the dsp.userSyncType message',
    (userSyncType) => {
      const parsed = fields({ userSync: 'https://sync.example/u', userSyncType });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues).toEqual([
        expect.objectContaining({ path: ['config'], message: 'dsp.userSyncType' }),
      ]);
    },
  );
});
