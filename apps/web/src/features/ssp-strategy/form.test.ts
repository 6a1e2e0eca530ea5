import { beforeAll, describe, expect, it } from 'vitest';
import { ZSspStrategyFields, issueMessage, type SspStrategy } from '@adloom/domain';
import { setupI18n } from '../../lib/i18n';
import { messageText } from '../../lib/messages';
import { checkAllocations, configText, formOf, parseConfig, percentText, wireOf } from './form';

beforeAll(async () => {
  await setupI18n('en');
});

const strategy: SspStrategy = {
  id: 4,
  slot_id: 9,
  slot_name: 'Home banner',
  media_id: 2,
  media_name: 'News app',
  name: 'Weekend',
  config: { seat: 'adloom', auth: { header: 'X-Key' } },
  triggers: [{ key: 'os', mode: 'include', values: ['1'] }],
  allocations: [
    { dsp_id: 11, dsp_name: 'Alpha', dsp_status: 0, permille: 600 },
    { dsp_id: 12, dsp_name: 'Beta', dsp_status: 1, permille: 300 },
  ],
  own_permille: 100,
  priority: 5,
  percent: 800,
  status: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
};

describe('checkAllocations', () => {
  it('totals the rows and leaves the rest to our own DSP', () => {
    expect(
      checkAllocations([
        { dsp_id: 1, permille: 600 },
        { dsp_id: 2, permille: 300 },
      ]),
    ).toEqual({ sum: 900, own: 100, over: undefined, rows: [undefined, undefined] });
    expect(checkAllocations([])).toMatchObject({ sum: 0, own: 1000, over: undefined });
  });

  it('says the sum when it is over 1000, as the contract does', () => {
    const rows = [
      { dsp_id: 1, permille: 700 },
      { dsp_id: 2, permille: 500 },
    ];
    const check = checkAllocations(rows);
    expect(check).toMatchObject({ sum: 1200, own: 0 });
    expect(check.over).toEqual({ code: 'dsp.allocationsOver', params: { sum: 1200, max: 1000 } });
    expect(messageText(check.over ?? '', 'en')).toBe(
      'The allocations add up to 1200‰; at most 1000‰',
    );
    const server = ZSspStrategyFields.safeParse({ slot_id: 1, name: 'x', allocations: rows });
    expect(server.error?.issues.map((issue) => issueMessage(issue))).toEqual([check.over]);
  });

  it('marks rows without a partner, out of range, or a partner twice', () => {
    expect(
      checkAllocations([
        { dsp_id: null, permille: 10 },
        { dsp_id: 1, permille: 1001 },
        { dsp_id: 2, permille: 2.5 },
        { dsp_id: 2, permille: 10 },
        { dsp_id: 3, permille: null },
      ]).rows,
    ).toEqual([
      'dsp.chooseDsp',
      'dsp.permilleRange',
      'dsp.permilleRange',
      'dsp.dspOnce',
      'dsp.permilleRange',
    ]);
  });
});

describe('form and wire', () => {
  it('shows the config as text and sends it back as an object', () => {
    const form = formOf(strategy);
    expect(JSON.parse(form.config)).toEqual(strategy.config);
    expect(form.allocations).toEqual([
      { dsp_id: 11, permille: 600 },
      { dsp_id: 12, permille: 300 },
    ]);
    expect(wireOf(form)).toEqual({
      slot_id: 9,
      name: 'Weekend',
      priority: 5,
      percent: 800,
      triggers: [{ key: 'os', mode: 'include', values: ['1'] }],
      allocations: [
        { dsp_id: 11, permille: 600 },
        { dsp_id: 12, permille: 300 },
      ],
      config: strategy.config,
    });
    expect(configText({})).toBe('');
  });

  it('parses only JSON objects; blank is {}', () => {
    expect(parseConfig('  ')).toEqual({});
    expect(parseConfig('{"a": [1]}')).toEqual({ a: [1] });
    expect(parseConfig('[1]')).toBeUndefined();
    expect(parseConfig('{a: 1}')).toBeUndefined();
    expect(parseConfig('null')).toBeUndefined();
    // Text that does not parse travels as typed, for the server to refuse.
    expect(wireOf({ ...formOf(strategy), config: '{oops' }).config).toBe('{oops');
  });

  it('writes permille as a percentage', () => {
    expect(percentText(600)).toBe('60%');
    expect(percentText(333)).toBe('33.3%');
    expect(percentText(0)).toBe('0%');
  });
});
