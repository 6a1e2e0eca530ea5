/**
 * Start (Live 0) or stop (Unlive 7) a plan through the note prompt; a refusal (a plan whose
 * creation is unfinished does not start) shows the server's message in the interface
 * language.
 */
import { PlanStatus, switchPlan, type Plan } from '@adloom/domain';
import { useStatusSwitch } from '../../../components/list/editing';
import { call } from '../../../lib/api';
import { reportedOnce } from '../messages';

export function usePlanSwitch(refresh: () => Promise<void>) {
  return useStatusSwitch<Plan>(
    'plan',
    (body) => reportedOnce(call(switchPlan, { body, silent: true })),
    refresh,
  );
}

/**
 * The switches a plan offers: start an unlive plan; stop a live one; a stalled plan (Out Of
 * Time, Balance Exhausted, Lack Of Funds) may be stopped or started again, which recomputes
 * its status (after a top-up, a later end).
 */
export function switchTargetsOf(plan: Pick<Plan, 'status'>): number[] {
  // An archived plan is restored (a bulk action) before it starts or stops again.
  if (plan.status === PlanStatus.archived) return [];
  if (plan.status === PlanStatus.unlive) return [PlanStatus.live];
  if (plan.status === PlanStatus.live) return [PlanStatus.unlive];
  return [PlanStatus.live, PlanStatus.unlive];
}
