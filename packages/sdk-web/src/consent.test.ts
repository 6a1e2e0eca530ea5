import { describe, expect, it, vi } from 'vitest';
import { readConsent } from './consent.js';

describe('consent from the page CMPs', () => {
  it('reads TCF, GPP and US Privacy into the /serve/ad parameters', async () => {
    const page = {
      __tcfapi: (command: string, version: number, cb: (d: unknown, ok: boolean) => void) =>
        cb(
          command === 'getTCData' && version === 2
            ? { gdprApplies: true, tcString: 'CP-tc' }
            : null,
          true,
        ),
      __gpp: (_command: string, cb: (d: unknown, ok: boolean) => void) =>
        cb({ gppString: 'DBABM~x', applicableSections: [7, 8] }, true),
      __uspapi: (_command: string, _version: number, cb: (d: unknown, ok: boolean) => void) =>
        cb({ uspString: '1YNN' }, true),
    };
    expect(await readConsent(page)).toEqual({
      gdpr: '1',
      gdpr_consent: 'CP-tc',
      gpp: 'DBABM~x',
      gpp_sid: '7,8',
      us_privacy: '1YNN',
    });
  });

  it('sends nothing without a CMP, and does not wait past the deadline for a silent one', async () => {
    expect(await readConsent({})).toEqual({});
    vi.useFakeTimers();
    const silent = readConsent({ __tcfapi: () => undefined }, 500);
    vi.advanceTimersByTime(500);
    expect(await silent).toEqual({});
    vi.useRealTimers();
  });

  it('survives a CMP that throws or fails', async () => {
    expect(
      await readConsent({
        __tcfapi: () => {
          throw new Error('broken CMP');
        },
        __uspapi: (_c: string, _v: number, cb: (d: unknown, ok: boolean) => void) =>
          cb({ uspString: '1YNN' }, false),
      }),
    ).toEqual({});
  });
});
