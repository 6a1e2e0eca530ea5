/** Account and fund fixtures: two agent tenants with their advertisers, and ledger reads. */
import { Ability } from '@adloom/domain';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client.js';
import { ledgerEntries } from '../db/schema.js';
import { buildSession, buildUser, type BuildUserOptions, type TestUser } from './factories.js';
import type { ApiResult } from './http.js';

export interface Signed {
  user: TestUser;
  token: string;
}

export const AGENT_ABILITY = Ability.login | Ability.userAgent;
export const CHANNEL_ABILITY = Ability.login | Ability.userChannel;
export const ADVERTISER_ABILITY = Ability.login | Ability.adManage;
export const USER_MANAGER_ABILITY = Ability.login | Ability.userManage;
export const CHARGER_ABILITY = Ability.login | Ability.charger;

export async function buildSigned(db: Database, options: BuildUserOptions = {}): Promise<Signed> {
  const user = await buildUser(db, options);
  return { user, token: await buildSession(db, user.id) };
}

export interface Tenant {
  agent: Signed;
  alpha: Signed;
  beta: Signed;
  /** A child of alpha: in the agent's subtree two levels down. */
  grandchild: TestUser;
}

/** An agent owning adv_alpha and adv_beta style advertisers (and a grandchild). */
export async function buildTenant(db: Database, prefix = 't'): Promise<Tenant> {
  const agent = await buildSigned(db, { ability: AGENT_ABILITY, nickname: `${prefix} agent` });
  const alpha = await buildSigned(db, {
    ability: ADVERTISER_ABILITY,
    parentId: agent.user.id,
    nickname: `${prefix} alpha`,
  });
  const beta = await buildSigned(db, {
    ability: ADVERTISER_ABILITY,
    parentId: agent.user.id,
    nickname: `${prefix} beta`,
  });
  const grandchild = await buildUser(db, { parentId: alpha.user.id });
  return { agent, alpha, beta, grandchild };
}

/** Every ledger entry of a user, oldest first. */
export function entriesOf(db: Database, userId: number) {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(asc(ledgerEntries.id));
}

/** The dotted names of the invalid fields of a -120 answer. */
export function invalidFields(result: ApiResult): string[] {
  expect(result.body.code, JSON.stringify(result.body)).toBe(-120);
  const data = result.body.data as { fields?: { path: string }[] } | null;
  return (data?.fields ?? []).map((field) => field.path);
}
