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
