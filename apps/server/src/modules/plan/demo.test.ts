/** The demo plans (db/seed.ts) keep the rules the API enforces: the console opens on real data. */
import { ENDPOINTS, PlanStatus, PlanStep, type Plan, type PlanDetail } from '@adloom/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import type { Signed } from '../../test/accounts.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildSession, type TestUser } from '../../test/factories.js';
import { expectCode } from '../../test/http.js';
import { send } from './test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function signInDemo(username: string): Promise<Signed> {
  const [row] = await t.db.select().from(users).where(eq(users.username, username));
  if (!row) throw new Error(`demo user ${username} missing`);
  const user: TestUser = { id: row.id, username, password: '', ability: row.ability };
  return { user, token: await buildSession(t.db, row.id) };
}

describe.each(['advertiser', 'adv_alpha'])('the demo plans of %s', (username) => {
  it('hold a complete Live plan and a plan at the strategies step', async () => {
    const demo = await signInDemo(username);
    const list = await send<{ list: Plan[] }>(t.app, ENDPOINTS.listPlans, demo, {
      query: 'sort=name',
    });
    const demoPlans = list.body.data.list.filter((plan) =>
      ['Spring launch', 'Summer weekends (draft)'].includes(plan.name),
    );
    expect(demoPlans.map((plan) => [plan.status, plan.creation_step, plan.strategy_count])).toEqual(
      [
        [PlanStatus.live, PlanStep.complete, 2],
        [PlanStatus.unlive, PlanStep.strategies, 1],
      ],
    );
    const [live, draft] = demoPlans;
    // The live plan passes the whole-plan check, and starting it again keeps it Live.
    const complete = await send<PlanDetail>(t.app, ENDPOINTS.completePlan, demo, {
      body: { id: live?.id },
    });
    expectCode(complete, 200, 200);
    const restart = await send(t.app, ENDPOINTS.switchPlan, demo, {
      body: { id: live?.id, status: 0 },
    });
    expectCode(restart, -130, 400);
    // The draft still needs its creatives.
    const unfinished = await send(t.app, ENDPOINTS.completePlan, demo, {
      body: { id: draft?.id },
    });
    expectCode(unfinished, -120, 400);
  });
});
