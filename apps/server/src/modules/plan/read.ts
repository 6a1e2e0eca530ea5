/** Reading a plan (or a plan with its strategies) as the answers carry it. */
import type { Plan, PlanDetail } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import { notFound } from '../changes/noted.js';
import * as planRepo from './plan-repo.js';
import { presentPlan, presentStrategy } from './present.js';
import * as strategyRepo from './strategy-repo.js';

export async function readPlan(db: Database, id: number): Promise<Plan> {
  const row = await planRepo.findPlanView(db, id);
  if (!row) throw notFound('Plan', id);
  return presentPlan(row);
}

export async function readPlanDetail(db: Database, id: number): Promise<PlanDetail> {
  const [plan, rows] = await Promise.all([readPlan(db, id), strategyRepo.listStrategies(db, id)]);
  return { ...plan, strategies: rows.map(presentStrategy) };
}
