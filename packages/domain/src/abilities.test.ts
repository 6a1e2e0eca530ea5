import { describe, expect, it } from 'vitest';
import {
  ABILITY_ALL,
  ABILITY_BITS,
  Ability,
  abilityFromNames,
  abilityNames,
  deriveRoles,
  hasAnyRole,
  mockRootOf,
} from './abilities.js';

describe('ability bits', () => {
  it('holds the values of docs/product/roles-and-access.md#abilities', () => {
    expect(Ability).toMatchObject({ login: 1, userChannel: 2, userAgent: 4, userManage: 64 });
    expect(Ability).toMatchObject({ adManage: 128, adManageAdvanced: 256, exam: 512 });
    expect(Ability).toMatchObject({ examAdvanced: 1024, charger: 2048, slot: 4096, ssp: 8192 });
    expect(Ability.systemManage).toBe(262144);
    expect(ABILITY_ALL).toBe(1 + 2 + 4 + 64 + 128 + 256 + 512 + 1024 + 2048 + 4096 + 8192 + 262144);
  });

  it('round-trips names and bitmasks', () => {
    const ability = abilityFromNames(['login', 'adManage', 'ssp']);
    expect(ability).toBe(1 + 128 + 8192);
    expect(abilityNames(ability)).toEqual(['login', 'adManage', 'ssp']);
  });

  it('describes every bit in both languages', () => {
    for (const bit of Object.values(ABILITY_BITS)) {
      expect(bit.meaning.en).not.toBe('');
      expect(bit.meaning.zh).not.toBe('');
    }
  });
});

describe('deriveRoles', () => {
  it('gives a plain advertiser the ad roles only', () => {
    expect(deriveRoles(Ability.login | Ability.adManage)).toEqual([
      'login',
      'ad',
      'adController',
      'adAllVisitor',
    ]);
  });

  it('makes a channel both distributor and agent', () => {
    const roles = deriveRoles(Ability.login | Ability.userChannel);
    expect(roles).toContain('distributor');
    expect(roles).toContain('userAgent');
    expect(roles).not.toContain('userManager');
  });

  it('derives the either-bit roles from either bit', () => {
    expect(deriveRoles(Ability.charger)).toEqual(['userAllVisitor', 'balanceCharge']);
    expect(deriveRoles(Ability.userManage)).toEqual(['userManager', 'userAllVisitor']);
    expect(deriveRoles(Ability.exam)).toEqual(['adAllVisitor', 'adExam']);
    expect(deriveRoles(Ability.examAdvanced)).toEqual([
      'adAllVisitor',
      'adExam',
      'adExamManager',
      'adGlobalManager',
    ]);
    expect(deriveRoles(Ability.slot)).toEqual(['slot']);
    expect(deriveRoles(Ability.ssp)).toEqual(['slot', 'ssp']);
    expect(deriveRoles(Ability.systemManage)).toEqual(['adGlobalManager', 'system']);
    expect(deriveRoles(0)).toEqual([]);
  });

  it('gives the all-abilities administrator every role', () => {
    expect(deriveRoles(ABILITY_ALL)).toHaveLength(16);
  });

  it('checks a requirement and the mock-login root', () => {
    expect(hasAnyRole(['login'], [])).toBe(true);
    expect(hasAnyRole(['login', 'ad'], ['system', 'ad'])).toBe(true);
    expect(hasAnyRole(['login'], ['system'])).toBe(false);
    expect(mockRootOf(deriveRoles(Ability.userManage))).toBe('admin');
    expect(mockRootOf(deriveRoles(Ability.userAgent))).toBe('agent');
  });
});
