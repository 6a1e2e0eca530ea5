import { describe, expect, it } from 'vitest';
import * as enums from './enums.js';
import {
  AdForm,
  Billing,
  ClickAction,
  PlanStatus,
  Platform,
  SupplyType,
  WideStatus,
} from './enums.js';

describe('spec enumerations', () => {
  it('carries the wire values of the spec', () => {
    expect([PlanStatus.live, PlanStatus.unlive, PlanStatus.outOfTime]).toEqual([0, 7, 1]);
    expect([PlanStatus.balanceExhausted, PlanStatus.lackOfFunds]).toEqual([2, 3]);
    expect(WideStatus.values).toEqual([0, 1, 5]);
    expect(Platform.values).toEqual([0, 1, 2, 3]);
    expect(ClickAction.values).toEqual([1, 2, 3, 4]);
    expect(Billing.values).toEqual([1, 2, 3]);
    expect(SupplyType.values).toEqual([0, 1, 2, 3]);
    expect(AdForm.values).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('labels a value in either language and falls back to the raw value', () => {
    expect(PlanStatus.label(3, 'en')).toBe('Lack Of Funds');
    expect(PlanStatus.label(3, 'zh')).toBe('余额不足');
    expect(PlanStatus.label(42, 'en')).toBe('42');
    expect(Billing.options('en')).toEqual([
      { value: 1, label: 'CPT' },
      { value: 2, label: 'CPM' },
      { value: 3, label: 'CPC' },
    ]);
  });

  it('gives every member of every enum a distinct value and both labels', () => {
    for (const [name, candidate] of Object.entries(enums)) {
      if (typeof candidate !== 'object' || candidate === null || !('members' in candidate))
        continue;
      const members = Object.values(candidate.members) as {
        value: unknown;
        en: string;
        zh: string;
      }[];
      expect(new Set(members.map((m) => m.value)).size, name).toBe(members.length);
      for (const member of members) {
        expect(member.en.trim(), `${name} en`).not.toBe('');
        expect(member.zh.trim(), `${name} zh`).not.toBe('');
      }
    }
  });
});
