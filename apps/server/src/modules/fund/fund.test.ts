import { ENDPOINTS, type FundPosting, type FundRequest, type LedgerEntry } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema.js';
import {
  CHARGER_ABILITY,
  buildSigned,
  buildTenant,
  entriesOf,
  invalidFields,
  type Signed,
  type Tenant,
} from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';
import { expectCode } from '../../test/http.js';
import { SYSTEM_ABILITY, call } from '../../test/settings.js';
import { BELOW_ZERO_MESSAGE, spend } from './service.js';

type LedgerPage = {
  list: LedgerEntry[];
  total: number;
  totals: { topUp: number; spend: number; adjustment: number; balance: number };
  pending: FundRequest[];
};

let t: TestApp;
let finance: Signed;
let admin: Signed;
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  t = await createTestApp();
  finance = await buildSigned(t.db, { ability: CHARGER_ABILITY });
  admin = await buildSigned(t.db, { ability: SYSTEM_ABILITY });
  a = await buildTenant(t.db, 'a');
  b = await buildTenant(t.db, 'b');
});
afterAll(async () => {
  await t.close();
});

const topUp = (token: string, body: Record<string, unknown>, query?: string) =>
  call<FundPosting>(t.app, ENDPOINTS.topUp, token, { body, ...(query ? { query } : {}) });
/** The entry of a posting answered at once (fails the test on a pending one). */
const entryOf = (posting: FundPosting): LedgerEntry => {
  if (posting.status !== 'posted') throw new Error(`Expected a posted entry: ${posting.status}`);
  return posting.entry;
};
const ledger = (token: string, query: string) =>
  call<LedgerPage>(t.app, ENDPOINTS.listLedger, token, { query });

describe('top-up', () => {
  it('appends an entry with the balance after it and the actor', async () => {
    const target = await buildUser(t.db);
    const first = await call<FundPosting>(t.app, ENDPOINTS.topUp, finance.token, {
      multipart: { user_id: String(target.id), amount: '125.50', note: 'first deposit' },
    });
    expectCode(first, 200, 200);
    expect(entryOf(first.body.data)).toMatchObject({
      user_id: target.id,
      kind: 'topUp',
      amount: 125_500_000,
      balance_after: 125_500_000,
      note: 'first deposit',
      actor: { id: finance.user.id, username: finance.user.username },
      acting_user: { id: finance.user.id },
    });
    expect(ENDPOINTS.topUp.response.safeParse(first.body.data).success).toBe(true);
    const second = await topUp(finance.token, { user_id: target.id, amount: 0.5, note: 'more' });
    expect(entryOf(second.body.data).balance_after).toBe(126_000_000);
    const account = await call<{ balance: number }>(t.app, ENDPOINTS.getAccount, finance.token, {
      query: `id=${target.id}`,
    });
    expect(account.body.data.balance).toBe(126_000_000);
  });

  it('names the invalid field and writes nothing', async () => {
    const target = await buildUser(t.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '0' }, 'amount'],
      [{ amount: '-5' }, 'amount'],
      [{ amount: '1.1234567' }, 'amount'],
      [{ amount: 'ten' }, 'amount'],
      [{ amount: '100000001' }, 'amount'],
      [{ note: ' ' }, 'note'],
      [{ user_id: 0 }, 'user_id'],
    ];
    for (const [overrides, field] of cases) {
      const body = { user_id: target.id, amount: '10', note: 'a note', ...overrides };
      expect(invalidFields(await topUp(finance.token, body))).toContain(field);
    }
    expect(await entriesOf(t.db, target.id)).toHaveLength(0);
  });

  it('answers -150 for an unknown account', async () => {
    const result = await topUp(finance.token, { user_id: 99_999_999, amount: '1', note: 'gone' });
    expectCode(result, -150, 404);
  });

  it('is refused to an agent, also for another tenant, and nothing is written', async () => {
    for (const id of [a.alpha.user.id, b.alpha.user.id]) {
      const result = await topUp(a.agent.token, { user_id: id, amount: '1', note: 'sneaky' });
      expectCode(result, -110, 403);
    }
    const proxied = await topUp(
      admin.token,
      {
        user_id: a.alpha.user.id,
        amount: '1',
        note: 'as the agent',
      },
      `user=${a.agent.user.id}`,
    );
    expectCode(proxied, -110, 403);
    expect(await entriesOf(t.db, b.alpha.user.id)).toHaveLength(0);
    expect(await entriesOf(t.db, a.alpha.user.id)).toHaveLength(0);
  });

  it('records the real actor and the acting user by proxy', async () => {
    const target = await buildUser(t.db);
    const result = await topUp(
      admin.token,
      { user_id: target.id, amount: '3', note: 'for finance' },
      `user=${finance.user.id}`,
    );
    expectCode(result, 200, 200);
    expect(entryOf(result.body.data)).toMatchObject({
      actor: { id: admin.user.id },
      acting_user: { id: finance.user.id },
    });
    const [row] = await entriesOf(t.db, target.id);
    expect(row).toMatchObject({ actorId: admin.user.id, actingUserId: finance.user.id });
  });
});

describe('adjustment', () => {
  it('corrects up and down but never below zero', async () => {
    const target = await buildUser(t.db);
    await topUp(finance.token, { user_id: target.id, amount: '10', note: 'deposit' });
    const down = await call<FundPosting>(t.app, ENDPOINTS.adjustBalance, finance.token, {
      body: { user_id: target.id, amount: '-4.25', note: 'refund fee' },
    });
    expectCode(down, 200, 200);
    expect(entryOf(down.body.data)).toMatchObject({
      kind: 'adjustment',
      amount: -4_250_000,
      balance_after: 5_750_000,
    });
    const under = await call(t.app, ENDPOINTS.adjustBalance, finance.token, {
      body: { user_id: target.id, amount: '-5.76', note: 'too much' },
    });
    expect(invalidFields(under)).toEqual(['amount']);
    expect(under.body.msg).toContain(BELOW_ZERO_MESSAGE);
    const zero = await call(t.app, ENDPOINTS.adjustBalance, finance.token, {
      body: { user_id: target.id, amount: '0', note: 'nothing' },
    });
    expect(invalidFields(zero)).toEqual(['amount']);
    expect(await entriesOf(t.db, target.id)).toHaveLength(2);
  });
});

describe('spend (service)', () => {
  it('spends within the balance and refuses, writing nothing, when short', async () => {
    const target = await buildUser(t.db);
    await topUp(finance.token, { user_id: target.id, amount: '1', note: 'deposit' });
    const spent = await spend(t.db, target.id, 400_000);
    expect(spent).toMatchObject({ kind: 'spend', amount: -400_000, balanceAfter: 600_000 });
    expect(await spend(t.db, target.id, 600_001)).toBeUndefined();
    expect(await entriesOf(t.db, target.id)).toHaveLength(2);
    await expect(spend(t.db, target.id, 0)).rejects.toThrow(RangeError);
  });
});

describe('ledger list', () => {
  let owner: Signed;
  beforeAll(async () => {
    owner = await buildSigned(t.db, { parentId: a.agent.user.id });
    const day = (text: string) => new Date(`${text}Z`);
    await t.db.insert(ledgerEntries).values([
      {
        userId: owner.user.id,
        kind: 'topUp',
        amount: 100,
        balanceAfter: 100,
        createdAt: day('2026-03-01T00:00:00'),
      },
      {
        userId: owner.user.id,
        kind: 'spend',
        amount: -30,
        balanceAfter: 70,
        createdAt: day('2026-03-02T23:59:59'),
      },
      {
        userId: owner.user.id,
        kind: 'adjustment',
        amount: 5,
        balanceAfter: 75,
        createdAt: day('2026-03-03T00:00:00'),
      },
      {
        userId: owner.user.id,
        kind: 'topUp',
        amount: 25,
        balanceAfter: 100,
        actorId: finance.user.id,
        createdAt: day('2026-03-04T12:00:00'),
      },
    ]);
  });

  it('answers the own ledger newest first with totals and the balance', async () => {
    const result = await ledger(owner.token, `user_id=${owner.user.id}&size=10`);
    expectCode(result, 200, 200);
    expect(result.body.data.list.map((entry) => entry.amount)).toEqual([25, 5, -30, 100]);
    expect(result.body.data.list[0]?.actor).toMatchObject({ id: finance.user.id });
    expect(result.body.data.list[1]?.actor).toBeNull();
    expect(result.body.data.totals).toEqual({
      topUp: 125,
      spend: -30,
      adjustment: 5,
      balance: 100,
    });
    expect(ENDPOINTS.listLedger.response.safeParse(result.body.data).success).toBe(true);
    const dashboard = await call<{ balance: number }>(
      t.app,
      ENDPOINTS.dashboardSummary,
      owner.token,
    );
    expect(dashboard.body.data.balance).toBe(result.body.data.totals.balance);
  });

  it('filters by kind and inclusive UTC days, and pages', async () => {
    const days = await ledger(
      owner.token,
      `user_id=${owner.user.id}&from=2026-03-02&to=2026-03-03`,
    );
    expect(days.body.data.list.map((entry) => entry.amount)).toEqual([5, -30]);
    expect(days.body.data.totals).toEqual({ topUp: 0, spend: -30, adjustment: 5, balance: 100 });
    const kind = await ledger(owner.token, `user_id=${owner.user.id}&kind=topUp&size=10&page=2`);
    expect(kind.body.data).toMatchObject({ list: [], total: 2, page: 2 });
    expect(kind.body.data.totals.topUp).toBe(125);
    const bad = await ledger(owner.token, `user_id=${owner.user.id}&kind=gift&from=March`);
    expect(invalidFields(bad).sort()).toEqual(['from', 'kind']);
  });

  it("lets an agent read its advertiser's ledger, directly and by proxy", async () => {
    const direct = await ledger(a.agent.token, `user_id=${owner.user.id}`);
    expect(direct.body.data.total).toBe(4);
    const proxied = await ledger(a.agent.token, `user_id=${owner.user.id}&user=${owner.user.id}`);
    expectCode(proxied, 200, 200);
    expect(proxied.body.data.totals.balance).toBe(100);
  });

  it('refuses another tenant and anyone outside reach (-110)', async () => {
    const refusals: [Signed, string][] = [
      [b.agent, `user_id=${owner.user.id}`],
      [b.alpha, `user_id=${owner.user.id}`],
      [a.beta, `user_id=${owner.user.id}`],
      [a.alpha, `user_id=${a.agent.user.id}`],
      [a.agent, `user_id=${b.alpha.user.id}&user=${b.alpha.user.id}`],
      [a.agent, `user_id=${owner.user.id}&user=${b.alpha.user.id}`],
    ];
    for (const [caller, query] of refusals) {
      expectCode(await ledger(caller.token, query), -110, 403);
    }
  });
});
