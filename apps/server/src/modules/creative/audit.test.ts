import { Ability, ENDPOINTS, type AuditCounts, type Creative } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADVERTISER_ABILITY, buildSigned, type Signed } from '../../test/accounts.js';
import { buildCreative } from '../../test/ad-factories.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectCode } from '../../test/http.js';
import { call, changeCountBy, changesOf } from '../../test/settings.js';
import { buildStyles, creativeRow, issuesOf, send, type Styles } from './test-kit.js';

type Page = { list: Creative[]; total: number };

const EXAM = Ability.login | Ability.exam;
const EXAM_ADVANCED = Ability.login | Ability.examAdvanced;

let t: TestApp;
let styles: Styles;
beforeAll(async () => {
  t = await createTestApp();
  styles = await buildStyles(t.db);
});
afterAll(async () => {
  await t.close();
});

/** An exam auditor owning one advertiser, and an advertiser outside its subtree. */
async function buildAuditTenant() {
  const exam = await buildSigned(t.db, { ability: EXAM });
  const own = await buildSigned(t.db, { ability: ADVERTISER_ABILITY, parentId: exam.user.id });
  const stranger = await buildSigned(t.db, { ability: ADVERTISER_ABILITY });
  return { exam, own, stranger };
}

const waiting = (owner: Signed, values: Parameters<typeof buildCreative>[2] = {}) =>
  buildCreative(t.db, owner.user.id, { styleId: styles.text.id, ...values });

const queue = (token: string, query = '') =>
  call<Page>(t.app, ENDPOINTS.listAudit, token, { query });
const approve = (token: string, ids: unknown) =>
  send<Creative[]>(t.app, ENDPOINTS.approveCreatives, token, { ids });
const reject = (token: string, ids: unknown, reason?: string) =>
  send<Creative[]>(t.app, ENDPOINTS.rejectCreatives, token, {
    ids,
    ...(reason === undefined ? {} : { reason }),
  });
const idsOf = (page: { body: { data: Page } }) => page.body.data.list.map((c) => c.id);

describe('the audit queue', () => {
  it('shows exam only its own users’ creatives, oldest submission first', async () => {
    const { exam, own, stranger } = await buildAuditTenant();
    const first = await waiting(own, { submittedAt: new Date('2026-01-02T00:00:00Z') });
    const second = await waiting(own, { submittedAt: new Date('2026-01-01T00:00:00Z') });
    const foreign = await waiting(stranger);
    const deleted = await waiting(own, { status: 5 });
    const result = await queue(exam.token);
    expectCode(result, 200, 200);
    expect(idsOf(result)).toEqual([second.id, first.id]);
    expect(idsOf(await queue(exam.token, 'status=5'))).toEqual([deleted.id]);
    expect(idsOf(await queue(exam.token, `owner_id=${stranger.user.id}`))).toEqual([]);
    expect(result.body.data.list[0]).toMatchObject({
      owner: { id: own.user.id, username: own.user.username },
      audit_state: 'pending',
      style_name: styles.text.name,
    });
    expect(foreign.id).toBeGreaterThan(0);
  });

  it('shows examAdvanced everyone’s', async () => {
    const { own, stranger } = await buildAuditTenant();
    const advanced = await buildSigned(t.db, { ability: EXAM_ADVANCED });
    const mine = await waiting(own);
    const theirs = await waiting(stranger);
    for (const owner of [own, stranger]) {
      const page = await queue(advanced.token, `owner_id=${owner.user.id}`);
      expect(idsOf(page)).toEqual([owner === own ? mine.id : theirs.id]);
    }
  });

  it('counts each review state within scope', async () => {
    const { exam, own, stranger } = await buildAuditTenant();
    const reviewedAt = new Date('2026-02-01T00:00:00Z');
    await Promise.all([
      waiting(own),
      waiting(own),
      waiting(own, { reviewedAt }),
      waiting(own, { review: 0, reviewedAt }),
      waiting(own, { review: 2, reviewedAt, rejectReason: 'No' }),
      waiting(own, { review: 2, reviewedAt, status: 5 }),
      waiting(stranger),
    ]);
    const counts = await call<AuditCounts>(t.app, ENDPOINTS.countAudit, exam.token);
    expectCode(counts, 200, 200);
    expect(counts.body.data).toEqual({ pending: 2, underAudit: 1, approved: 1, failed: 1 });
    expect(idsOf(await queue(exam.token, 'audit_state=underAudit'))).toHaveLength(1);
  });

  it('is closed to advertisers', async () => {
    const advertiser = await buildSigned(t.db, { ability: ADVERTISER_ABILITY });
    expectCode(await queue(advertiser.token), -110, 403);
    expectCode(await approve(advertiser.token, [1]), -110, 403);
  });
});

describe('decisions', () => {
  it('approves within scope, logs the decision and names the reviewer', async () => {
    const { exam, own } = await buildAuditTenant();
    const creative = await waiting(own);
    const result = await approve(exam.token, [creative.id]);
    expectCode(result, 200, 200);
    expect(result.body.data[0]).toMatchObject({
      id: creative.id,
      review: 0,
      audit_state: 'approved',
      reviewer: { id: exam.user.id, username: exam.user.username },
      reject_reason: '',
    });
    expect(result.body.data[0]?.reviewed_at).not.toBeNull();
    const changes = await changesOf(t.db, 'creative', creative.id);
    expect(changes.map((c) => [c.method, c.valueBefore, c.valueAfter, c.actorId])).toEqual([
      ['approve', { review: 1 }, { review: 0 }, exam.user.id],
    ]);
  });

  it('refuses (-110) creatives out of scope and writes nothing', async () => {
    const { exam, own, stranger } = await buildAuditTenant();
    const mine = await waiting(own);
    const foreign = await waiting(stranger);
    expectCode(await approve(exam.token, [mine.id, foreign.id]), -110, 403);
    expectCode(await reject(exam.token, [foreign.id], 'Not yours'), -110, 403);
    // Nor its own creatives: exam reviews its users', not itself.
    const self = await buildCreative(t.db, exam.user.id, { styleId: styles.text.id });
    expectCode(await approve(exam.token, [self.id]), -110, 403);
    expect((await creativeRow(t.db, mine.id))?.review).toBe(1);
    expect((await creativeRow(t.db, foreign.id))?.review).toBe(1);
    expect(await changeCountBy(t.db, exam.user.id)).toBe(0);
    expectCode(await approve(exam.token, [2_000_000_000]), -150, 404);
  });

  it('rejects with a reason only', async () => {
    const { exam, own } = await buildAuditTenant();
    const creative = await waiting(own);
    expect(issuesOf(await reject(exam.token, [creative.id]))).toHaveProperty('reason');
    expect(issuesOf(await reject(exam.token, [creative.id], ' x '))).toEqual({
      reason: 'Give the advertiser a reason',
    });
    expect((await creativeRow(t.db, creative.id))?.review).toBe(1);
    const result = await reject(exam.token, [creative.id], '  The image is blurry ');
    expectCode(result, 200, 200);
    expect(result.body.data[0]).toMatchObject({
      review: 2,
      audit_state: 'failed',
      reject_reason: 'The image is blurry',
    });
    const [change] = await changesOf(t.db, 'creative', creative.id);
    expect(change).toMatchObject({
      method: 'reject',
      valueBefore: { review: 1 },
      valueAfter: { review: 2, reject_reason: 'The image is blurry' },
      comment: 'The image is blurry',
      actorId: exam.user.id,
    });
  });

  it('decides only creatives waiting for audit, each named by its place', async () => {
    const { exam, own } = await buildAuditTenant();
    const open = await waiting(own);
    const approved = await waiting(own, { review: 0, reviewedAt: new Date() });
    const deleted = await waiting(own, { status: 5 });
    const result = await approve(exam.token, [open.id, approved.id, deleted.id]);
    expect(issuesOf(result)).toEqual({
      'ids.1': `Not waiting for audit: creative ${approved.id}`,
      'ids.2': `Not waiting for audit: creative ${deleted.id}`,
    });
    expect((await creativeRow(t.db, open.id))?.review).toBe(1);
    expect(await changeCountBy(t.db, exam.user.id)).toBe(0);
    expect(issuesOf(await approve(exam.token, []))).toHaveProperty('ids');
  });

  it('approves in bulk, all or none, one change row each', async () => {
    const { exam, own } = await buildAuditTenant();
    const batch = await Promise.all([waiting(own), waiting(own), waiting(own)]);
    const ids = batch.map((c) => c.id);
    const result = await approve(exam.token, ids.join(','));
    expectCode(result, 200, 200);
    expect(result.body.data.map((c) => [c.id, c.review])).toEqual(ids.map((id) => [id, 0]));
    for (const id of ids) {
      expect((await changesOf(t.db, 'creative', id)).map((c) => c.method)).toEqual(['approve']);
    }
    // A shelved creative waiting for audit can be decided too.
    const shelved = await waiting(own, { status: 1 });
    expectCode(await reject(exam.token, [shelved.id], 'Wrong language'), 200, 200);
  });

  it('lets examAdvanced decide anyone’s, and a proxy decision names both users', async () => {
    const { own, stranger } = await buildAuditTenant();
    const advanced = await buildSigned(t.db, { ability: EXAM_ADVANCED });
    const creative = await waiting(stranger);
    expectCode(await approve(advanced.token, [creative.id]), 200, 200);
    // An agent of the exam auditor decides for it by proxy.
    const agent = await buildSigned(t.db, { ability: Ability.login | Ability.userAgent });
    const examChild = await buildSigned(t.db, { ability: EXAM, parentId: agent.user.id });
    const advertiser = await buildSigned(t.db, {
      ability: ADVERTISER_ABILITY,
      parentId: examChild.user.id,
    });
    const proxied = await waiting(advertiser);
    const result = await call<Creative[]>(t.app, ENDPOINTS.approveCreatives, agent.token, {
      body: { ids: [proxied.id] },
      query: `user=${examChild.user.id}`,
    });
    expectCode(result, 200, 200);
    expect(result.body.data[0]?.reviewer?.id).toBe(examChild.user.id);
    expect((await changesOf(t.db, 'creative', proxied.id))[0]).toMatchObject({
      actorId: agent.user.id,
      actingUserId: examChild.user.id,
    });
    expect(own.user.id).toBeGreaterThan(0);
  });
});
