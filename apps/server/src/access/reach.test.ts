/**
 * The realms' "reaches everyone" rule, bit by bit, against docs/product/roles-and-access.md#abilities as the three former
 * reach modules wrote it in raw ability bits: if a role's meaning in abilities.ts drifts,
 * this names the realm whose reach changed. Reach through the ownership tree is covered by
 * the route tests (plan/ownership, media/reach, account, fund, proxy, audit).
 */
import { ABILITY_ALL, Ability, type AbilityName } from '@adloom/domain';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';
import { REALMS, reachCondition, reaches, reachesEveryone, type Realm } from './reach.js';

/** The single bits that reach every owner of each realm (docs/product/roles-and-access.md#abilities, docs/decisions/access.md). */
const EVERYONE_BITS: Record<Realm, readonly AbilityName[]> = {
  ads: ['examAdvanced', 'systemManage'],
  audit: ['examAdvanced', 'systemManage'],
  supply: ['ssp', 'systemManage'],
  accounts: ['systemManage', 'userManage', 'charger'],
  proxy: ['systemManage'],
};

const realms = Object.keys(REALMS) as Realm[];
const bits = Object.keys(Ability) as AbilityName[];

describe('reachesEveryone', () => {
  it.each(realms)('in %s holds for exactly its bits, each alone', (realm) => {
    const reaching = bits.filter((bit) =>
      reachesEveryone({ id: 1, ability: Ability.login | Ability[bit] }, realm),
    );
    expect(reaching.sort()).toEqual([...EVERYONE_BITS[realm]].sort());
  });

  it('holds in every realm for the demo administrator and in none for a plain sign-in', () => {
    for (const realm of realms) {
      expect(reachesEveryone({ id: 1, ability: ABILITY_ALL }, realm)).toBe(true);
      expect(reachesEveryone({ id: 1, ability: Ability.login }, realm)).toBe(false);
    }
  });
});

describe('reachCondition', () => {
  it('is no condition for whoever reaches everyone, a condition for anyone else', () => {
    const manager = { id: 7, ability: Ability.login | Ability.examAdvanced };
    const advertiser = { id: 8, ability: Ability.login | Ability.adManage };
    expect(reachCondition(manager, users.id, 'ads')).toBeUndefined();
    expect(reachCondition(advertiser, users.id, 'ads')).toBeDefined();
    expect(reachCondition(manager, users.id, 'supply')).toBeDefined();
  });
});

describe('reaches', () => {
  /** A database that must not be asked: the answer has to come from the rule alone. */
  const untouchable = new Proxy({} as Database, {
    get: () => {
      throw new Error('the database was asked');
    },
  });
  const advertiser = { id: 8, ability: Ability.login | Ability.adManage | Ability.exam };

  it("answers from the rule alone for the actor's own objects and for whoever reaches all", async () => {
    expect(await reaches(untouchable, advertiser, advertiser.id, 'ads')).toBe(true);
    expect(await reaches(untouchable, advertiser, advertiser.id, 'supply')).toBe(true);
    const system = { id: 1, ability: Ability.login | Ability.systemManage };
    for (const realm of realms) expect(await reaches(untouchable, system, 99, realm)).toBe(true);
  });

  it('looks up the tree for the actor itself where the realm excludes it (no self-audit)', async () => {
    await expect(reaches(untouchable, advertiser, advertiser.id, 'audit')).rejects.toThrow(
      'the database was asked',
    );
    await expect(reaches(untouchable, advertiser, advertiser.id, 'accounts')).rejects.toThrow(
      'the database was asked',
    );
  });
});
