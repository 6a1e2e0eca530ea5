/** A plan's advertised IAB category (issue 21: `cat` on bids, `bcat` honoured): set, changed, cleared. */
import { ENDPOINTS, type Plan } from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Signed } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectCode } from '../../test/http.js';
import { buildAdvertiser, issuesOf, planBody, planRow, send } from './test-kit.js';

let t: TestApp;
let owner: Signed;
beforeAll(async () => {
  t = await createTestApp();
  owner = await buildAdvertiser(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('plan IAB category', () => {
  it('is none unless stated, stored as sent, changed and cleared by a modify', async () => {
    const plain = await send<Plan>(t.app, ENDPOINTS.createPlan, owner, { body: planBody() });
    expectCode(plain, 200, 200);
    expect(plain.body.data.iab_category).toBeNull();

    const created = await send<Plan>(t.app, ENDPOINTS.createPlan, owner, {
      body: planBody({ iab_category: 'IAB20' }),
    });
    expectCode(created, 200, 200);
    const plan = created.body.data;
    expect(plan.iab_category).toBe('IAB20');
    expect((await planRow(t.db, plan.id)).iabCategory).toBe('IAB20');

    const changed = await send<Plan>(t.app, ENDPOINTS.modifyPlan, owner, {
      body: { id: plan.id, iab_category: 'IAB7' },
    });
    expectCode(changed, 200, 200);
    expect(changed.body.data.iab_category).toBe('IAB7');

    const cleared = await send<Plan>(t.app, ENDPOINTS.modifyPlan, owner, {
      body: { id: plan.id, iab_category: null },
    });
    expectCode(cleared, 200, 200);
    expect((await planRow(t.db, plan.id)).iabCategory).toBeNull();
  });

  it('refuses a code that is no tier-1 category, naming the field', async () => {
    for (const code of ['IAB7-39', 'IAB25', 'Shopping']) {
      const result = await send(t.app, ENDPOINTS.createPlan, owner, {
        body: planBody({ name: `Refused ${code}`, iab_category: code }),
      });
      expect(issuesOf(result).map((issue) => issue.path)).toEqual(['iab_category']);
    }
  });
});
