import { describe, expect, it } from 'vitest';
import { ZTargeting } from '@adloom/domain';
import { invalidValues, offeredKeys, ruleIssues, splitPastedValues } from './targeting';

describe('targeting helpers', () => {
  it('splits pasted lists on lines, commas, semicolons and spaces (full-width too)', () => {
    expect(splitPastedValues('a, b\nc;d  e，f；a\r\n')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('finds the values failing the format of their dimension', () => {
    expect(invalidValues('country', ['US', 'us', 'USA'])).toEqual(['us', 'USA']);
    expect(invalidValues('os', ['1', '0', '9'])).toEqual(['0', '9']);
    expect(invalidValues('imei', ['123456789012345', '12'])).toEqual(['12']);
    // Exchange inventory: site domains, and App Store ids beside package names.
    expect(
      invalidValues('siteDomain', [
        'news.example.com',
        'Example.ORG',
        'https://a.example',
        'localhost',
      ]),
    ).toEqual(['https://a.example', 'localhost']);
    expect(invalidValues('pkg', ['com.example.app', '389801252', 'not a bundle'])).toEqual([
      'not a bundle',
    ]);
    expect(invalidValues('deviceType', ['3', '4', '0', '9', '03'])).toEqual(['0', '9', '03']);
  });

  it('gives each rule the docs/product/messages-and-codes.md#form-messages message the contract would, on that rule', () => {
    const rules = [
      { key: 'country', mode: 'include', values: ['US'] },
      { key: 'os', mode: 'include', values: [] },
      { key: 'pkg', mode: 'exclude', values: ['com.example.app', 'bad pkg'] },
      { key: 'country', mode: 'exclude', values: ['FR'] },
      { key: 'planet', mode: 'include', values: ['mars'] },
      { key: 'uid', mode: 'sometimes', values: ['u'] },
    ];
    expect(ruleIssues(rules).map((issue) => issue?.code)).toEqual([
      undefined,
      'ad.targetingEmpty',
      'ad.configurationFormat',
      'ad.targetingWrong',
      'ad.targetingWrong',
      'ad.targetingWrong',
    ]);
    expect(ruleIssues(rules)[2]?.invalid).toEqual(['bad pkg']);
    // The contract refuses the same list.
    expect(ZTargeting.safeParse(rules).success).toBe(false);
    expect(ZTargeting.safeParse([rules[0]]).success).toBe(true);
  });

  it('offers each dimension once, audience only with advanced targeting', () => {
    const rules = [{ key: 'country', mode: 'include', values: ['US'] }];
    expect(offeredKeys(rules, false)).not.toContain('country');
    expect(offeredKeys(rules, false)).not.toContain('audience');
    expect(offeredKeys(rules, true)).toContain('audience');
    expect(offeredKeys(rules, false)).toContain('siteDomain');
  });
});
