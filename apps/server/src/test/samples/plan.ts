/** Permission-matrix samples of the plan endpoints: each succeeds for an allowed caller. */
import { CreativeReview, PlanStatus, PlanStep, type PLAN_ENDPOINTS } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import { buildCreative, buildPlan, buildStrategy } from '../ad-factories.js';
import { buildStyle } from '../settings-factories.js';
import type { Sample } from './types.js';

/** A plan of `ownerId` with one strategy that keeps every rule (style, language, creative). */
async function completePlan(db: Database, ownerId: number, status: number = PlanStatus.unlive) {
  const style = await buildStyle(db);
  const creative = await buildCreative(db, ownerId, {
    styleId: style.id,
    language: 'en',
    review: CreativeReview.approve,
  });
  const plan = await buildPlan(db, ownerId, {
    creationStep: PlanStep.creatives,
    status,
  });
  const strategy = await buildStrategy(db, plan.id, ownerId, {
    styleIds: [style.id],
    languages: ['en'],
    creativeIds: [creative.id],
  });
  return { plan, strategy, style, creative };
}

export const PLAN_SAMPLES: { [K in keyof typeof PLAN_ENDPOINTS]: Sample } = {
  bulkPlans: async ({ db, user }) => ({
    body: { ids: [(await buildPlan(db, user.id)).id], action: 'archive', comment: 'Old season' },
  }),
  listPlans: () => ({
    query: { keyword: 'Plan', status: '0,2,3,7', billing: 2, sort: 'budget', order: 'desc' },
  }),
  getPlan: async ({ db, user }) => ({ query: { id: (await buildPlan(db, user.id)).id } }),
  createPlan: () => ({
    body: {
      name: 'Matrix plan',
      budget: 10_000_000,
      bid: 1_000_000,
      billing: 3,
      schedule: [[9, 10, 11], [], [], [], [], [], [0]],
      start_at: '2026-06-01T00:00:00Z',
    },
  }),
  modifyPlan: async ({ db, user }) => ({
    body: { id: (await buildPlan(db, user.id)).id, name: 'Renamed plan' },
  }),
  switchPlan: async ({ db, user }) => {
    const { plan } = await completePlan(db, user.id, PlanStatus.live);
    return { body: { id: plan.id, status: PlanStatus.unlive } };
  },
  copyPlan: async ({ db, user }) => ({
    body: { id: (await completePlan(db, user.id)).plan.id },
  }),
  completePlan: async ({ db, user }) => ({
    body: { id: (await completePlan(db, user.id)).plan.id },
  }),
  listStrategies: async ({ db, user }) => ({
    query: { plan_id: (await completePlan(db, user.id)).plan.id },
  }),
  createStrategy: async ({ db, user }) => {
    const { plan, style, creative } = await completePlan(db, user.id);
    return {
      body: {
        plan_id: plan.id,
        name: 'Matrix strategy',
        targeting: [{ key: 'country', mode: 'include', values: ['US', 'GB'] }],
        style_ids: [style.id],
        languages: ['en'],
        creative_ids: [creative.id],
      },
    };
  },
  modifyStrategy: async ({ db, user }) => ({
    body: { id: (await completePlan(db, user.id)).strategy.id, bid: 3_000_000 },
  }),
  switchStrategy: async ({ db, user }) => ({
    body: { id: (await completePlan(db, user.id)).strategy.id, status: 1 },
  }),
  deleteStrategy: async ({ db, user }) => ({
    body: { id: (await completePlan(db, user.id)).strategy.id },
  }),
};
