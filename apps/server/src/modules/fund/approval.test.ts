/**
 * Fund approvals (issue 19 item 7): no fund manager credits their own account; a credit above
 * the operator-set threshold waits, changing no balance, until another fund manager approves
 * it (once, however many approve at the same time) or rejects it.
 *
 * On PostgreSQL the test files share one database and the permission matrix moves the
 * threshold (to 20,000 and a little more) while this runs: amounts here are far below or far
 * above both values, so either threshold gives the same outcome.
 */
import {
  ENDPOINTS,
  ResponseCode,
  type FundPosting,
  type FundRequest,
  type SystemParameters,
} from '@adloom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundRequests } from '../../db/schema.js';
import {
  CHARGER_ABILITY,
  buildSigned,
  entriesOf,
  invalidFields,
  type Signed,
} from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';
import { expectCode } from '../../test/http.js';
import { SYSTEM_ABILITY, call, changesOf, noteOf } from '../../test/settings.js';

let t: TestApp;
let finance: Signed;
let second: Signed;
let third: Signed;
let admin: Signed;

const THRESHOLD = '1000';
/** Below 1,000 and below what the matrix sets: posted at once. */
const SMALL = '900';
/** Above both thresholds: waits for approval. */
const LARGE = '50000';
const LARGE_MICROS = 50_000_000_000;

beforeAll(async () => {
  t = await createTestApp();
  finance = await buildSigned(t.db, { ability: CHARGER_ABILITY });
  second = await buildSigned(t.db, { ability: CHARGER_ABILITY });
  third = await buildSigned(t.db, { ability: CHARGER_ABILITY });
  admin = await buildSigned(t.db, { ability: SYSTEM_ABILITY });
  const set = await call<SystemParameters>(t.app, ENDPOINTS.modifySystemParameters, admin.token, {
    body: { fund_approval_threshold: THRESHOLD },
  });
  expectCode(set, 200, 200);
});
afterAll(async () => {
  await t.close();
});

const topUp = (by: Signed, userId: number, amount: string, query?: string) =>
  call<FundPosting>(t.app, ENDPOINTS.topUp, by.token, {
    body: { user_id: userId, amount, note: 'large deposit' },
    ...(query ? { query } : {}),
  });
const adjust = (by: Signed, userId: number, amount: string) =>
  call<FundPosting>(t.app, ENDPOINTS.adjustBalance, by.token, {
    body: { user_id: userId, amount, note: 'correction' },
  });
const approve = (by: Signed, id: number) =>
  call<FundRequest>(t.app, ENDPOINTS.approveFundRequest, by.token, { body: { id } });
const reject = (by: Signed, id: number, note = 'no contract yet') =>
  call<FundRequest>(t.app, ENDPOINTS.rejectFundRequest, by.token, { body: { id, note } });
const balanceOf = async (userId: number) => (await entriesOf(t.db, userId)).at(-1)?.balanceAfter;

/** Asks for a large top-up of a fresh account and answers the pending request. */
async function pendingTopUp(by: Signed = finance) {
  const account = await buildUser(t.db);
  const result = await topUp(by, account.id, LARGE);
  expectCode(result, 200, 200);
  if (result.body.data.status !== 'pending') throw new Error('Expected a pending request');
  return { account, request: result.body.data.request };
}

describe('own account', () => {
  it('refuses (-112) a fund manager crediting or adjusting their own account, writing nothing', async () => {
    for (const result of [
      await topUp(finance, finance.user.id, '1000'),
      await topUp(finance, finance.user.id, LARGE),
      await adjust(finance, finance.user.id, '5'),
      await adjust(finance, finance.user.id, '-5'),
    ]) {
      expectCode(result, ResponseCode.ownFunds, 403);
      expect(result.body.msg).toBe('A fund manager cannot top up or adjust their own account.');
    }
    // Nor by proxy: the administrator acting for finance, or finance's own account for them.
    expectCode(
      await topUp(admin, finance.user.id, SMALL, `user=${finance.user.id}`),
      ResponseCode.ownFunds,
      403,
    );
    expect(await entriesOf(t.db, finance.user.id)).toEqual([]);
    expect(
      await t.db.select().from(fundRequests).where(eq(fundRequests.userId, finance.user.id)),
    ).toEqual([]);
  });
});

describe('threshold', () => {
  it('posts a credit at or below the threshold at once', async () => {
    const account = await buildUser(t.db);
    const result = await topUp(finance, account.id, SMALL);
    expectCode(result, 200, 200);
    expect(result.body.data).toMatchObject({ status: 'posted', entry: { amount: 900_000_000 } });
    expect(await balanceOf(account.id)).toBe(900_000_000);
  });

  it('records a larger credit as pending: no ledger entry, the balance unchanged', async () => {
    const account = await buildUser(t.db);
    await topUp(finance, account.id, SMALL);
    const result = await topUp(finance, account.id, LARGE);
    expectCode(result, 200, 200);
    expect(ENDPOINTS.topUp.response.safeParse(result.body.data).success).toBe(true);
    expect(result.body.data).toMatchObject({
      status: 'pending',
      request: {
        user: { id: account.id },
        kind: 'topUp',
        amount: LARGE_MICROS,
        status: 'pending',
        requested_by: { id: finance.user.id },
        requested_for: null,
        decided_by: null,
        decided_at: null,
        ledger_entry_id: null,
      },
    });
    expect(await entriesOf(t.db, account.id)).toHaveLength(1);
    expect(await balanceOf(account.id)).toBe(900_000_000);

    // Shown as pending beside the ledger, and in the fund managers' queue.
    const ledger = await call<{ pending: FundRequest[]; totals: { balance: number } }>(
      t.app,
      ENDPOINTS.listLedger,
      finance.token,
      { query: `user_id=${account.id}` },
    );
    expect(ledger.body.data.totals.balance).toBe(900_000_000);
    expect(ledger.body.data.pending.map((request) => request.amount)).toEqual([LARGE_MICROS]);
    const queue = await call<{ list: FundRequest[] }>(
      t.app,
      ENDPOINTS.listFundRequests,
      second.token,
      { query: `status=pending&user_id=${account.id}` },
    );
    expect(queue.body.data.list).toHaveLength(1);
  });

  it('holds a large upward adjustment too, but posts a downward one at once', async () => {
    const account = await buildUser(t.db);
    await topUp(finance, account.id, SMALL);
    const up = await adjust(finance, account.id, LARGE);
    expect(up.body.data).toMatchObject({ status: 'pending', request: { kind: 'adjustment' } });
    const down = await adjust(finance, account.id, '-100');
    expect(down.body.data).toMatchObject({ status: 'posted', entry: { amount: -100_000_000 } });
    expect(await balanceOf(account.id)).toBe(800_000_000);
  });
});

describe('approval', () => {
  it('is refused (-113) to its requester and to the account holder', async () => {
    const { account, request } = await pendingTopUp();
    const refused = await approve(finance, request.id);
    expectCode(refused, ResponseCode.sameApprover, 403);
    expectCode(await reject(finance, request.id), ResponseCode.sameApprover, 403);
    // A fund manager whose own account the request credits.
    const holder = await buildSigned(t.db, { ability: CHARGER_ABILITY });
    const forHolder = await topUp(finance, holder.user.id, LARGE);
    if (forHolder.body.data.status !== 'pending') throw new Error('Expected pending');
    expectCode(
      await approve(holder, forHolder.body.data.request.id),
      ResponseCode.sameApprover,
      403,
    );
    // Nor the requester acting for someone else by proxy.
    expectCode(
      await call(t.app, ENDPOINTS.approveFundRequest, admin.token, {
        body: { id: request.id },
        query: `user=${finance.user.id}`,
      }),
      ResponseCode.sameApprover,
      403,
    );
    expect(await entriesOf(t.db, account.id)).toEqual([]);
  });

  it('by another fund manager posts the credit once and records who and when', async () => {
    const { account, request } = await pendingTopUp();
    const before = Date.now();
    const approved = await approve(second, request.id);
    expectCode(approved, 200, 200);
    expect(ENDPOINTS.approveFundRequest.response.safeParse(approved.body.data).success).toBe(true);
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      decided_by: { id: second.user.id },
      requested_by: { id: finance.user.id },
    });
    expect(Date.parse(approved.body.data.decided_at ?? '')).toBeGreaterThanOrEqual(before - 1000);
    // The account's change history records the decision and who made it.
    const [change] = await changesOf(t.db, 'user', account.id);
    expect(change).toMatchObject({
      method: 'approve',
      actorId: second.user.id,
      valueAfter: { fund_request: request.id, status: 'approved', amount: LARGE_MICROS },
    });
    const entries = await entriesOf(t.db, account.id);
    expect(entries).toHaveLength(1);
    const ledger = await call<{ list: { id: number; approved_by: { id: number } | null }[] }>(
      t.app,
      ENDPOINTS.listLedger,
      finance.token,
      { query: `user_id=${account.id}` },
    );
    expect(ledger.body.data.list[0]).toMatchObject({
      id: approved.body.data.ledger_entry_id,
      approved_by: { id: second.user.id },
    });
    expect(entries[0]).toMatchObject({
      id: approved.body.data.ledger_entry_id,
      kind: 'topUp',
      amount: LARGE_MICROS,
      balanceAfter: LARGE_MICROS,
      actorId: finance.user.id,
    });

    // Decided: approving or rejecting again changes nothing.
    expectCode(await approve(third, request.id), ResponseCode.alreadyDecided, 409);
    expectCode(await reject(third, request.id), ResponseCode.alreadyDecided, 409);
    expect(await entriesOf(t.db, account.id)).toHaveLength(1);
  });

  it('credits once when two fund managers approve at the same time', async () => {
    const { account, request } = await pendingTopUp();
    const results = await Promise.all([approve(second, request.id), approve(third, request.id)]);
    const codes = results.map((result) => result.body.code).sort((a, b) => a - b);
    expect(codes).toEqual([ResponseCode.alreadyDecided, 200]);
    const entries = await entriesOf(t.db, account.id);
    expect(entries).toHaveLength(1);
    expect(await changesOf(t.db, 'user', account.id)).toHaveLength(1);
    expect(await balanceOf(account.id)).toBe(LARGE_MICROS);
  });

  it('answers -150 for an unknown request', async () => {
    expectCode(await approve(second, 2_000_000_000), ResponseCode.notFound, 404);
  });
});

describe('rejection', () => {
  it('leaves the balance alone, says why, and ends the request', async () => {
    const { account, request } = await pendingTopUp();
    const missing = await call(t.app, ENDPOINTS.rejectFundRequest, second.token, {
      body: { id: request.id, note: ' ' },
    });
    expect(invalidFields(missing)).toEqual(['note']);
    const rejected = await reject(second, request.id, 'No signed contract');
    expectCode(rejected, 200, 200);
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      decided_by: { id: second.user.id },
      decision_note: 'No signed contract',
      ledger_entry_id: null,
    });
    expectCode(await approve(third, request.id), ResponseCode.alreadyDecided, 409);
    expect(await entriesOf(t.db, account.id)).toEqual([]);
    const changes = await changesOf(t.db, 'user', account.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      method: 'reject',
      actorId: second.user.id,
      comment: 'No signed contract',
    });
    const ledger = await call<{ pending: FundRequest[] }>(
      t.app,
      ENDPOINTS.listLedger,
      finance.token,
      { query: `user_id=${account.id}` },
    );
    expect(ledger.body.data.pending).toEqual([]);
  });
});

describe('system parameters', () => {
  it('lets the system role change the threshold as a noted write; fund managers read it', async () => {
    const read = await call<SystemParameters>(t.app, ENDPOINTS.getSystemParameters, second.token);
    expectCode(read, 200, 200);
    expect(read.body.data.fund_approval_threshold).toBeGreaterThan(0);

    const bad = await call(t.app, ENDPOINTS.modifySystemParameters, admin.token, {
      body: { fund_approval_threshold: '-1' },
    });
    expect(invalidFields(bad)).toEqual(['fund_approval_threshold']);
    expectCode(
      await call(t.app, ENDPOINTS.modifySystemParameters, finance.token, {
        body: { fund_approval_threshold: '5' },
      }),
      -110,
      403,
    );

    const changed = await call<SystemParameters>(
      t.app,
      ENDPOINTS.modifySystemParameters,
      admin.token,
      {
        body: {
          fund_approval_threshold: '1000.5',
          note: noteOf('Tighter approvals', 'systemParameter'),
        },
      },
    );
    expectCode(changed, 200, 200);
    expect(changed.body.data.fund_approval_threshold).toBe(1_000_500_000);
    const history = await changesOf(t.db, 'systemParameter', 1);
    expect(history.find((change) => change.comment === 'Tighter approvals')).toMatchObject({
      actorId: admin.user.id,
      valueAfter: { fund_approval_threshold: 1_000_500_000 },
      comment: 'Tighter approvals',
    });
    // The value it holds now (the matrix may move it on a shared PostgreSQL database).
    const current = await call<SystemParameters>(t.app, ENDPOINTS.getSystemParameters, admin.token);
    const same = await call(t.app, ENDPOINTS.modifySystemParameters, admin.token, {
      body: { fund_approval_threshold: String(current.body.data.fund_approval_threshold / 1e6) },
    });
    expectCode(same, ResponseCode.noneUpdate, 400);
  });
});
