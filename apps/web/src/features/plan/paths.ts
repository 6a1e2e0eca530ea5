/** Addresses within the plan screens: a plan at a step of its creation flow. */
import { PlanStep } from '@adloom/domain';

export const STEP_PARAM = 'step';
export const STRATEGY_PARAM = 'strategy';

/** The id of a strategy's card in step 3. */
export function strategyAnchor(id: number): string {
  return `strategy-${id}`;
}

/**
 * The address of a plan at a step: with a strategy, step 2 opens its editor (`new` for a
 * new one) and step 3 scrolls to its creatives.
 */
export function planStepPath(id: number, step: number, strategy?: number | 'new'): string {
  const params = new URLSearchParams({ [STEP_PARAM]: String(step) });
  if (step === PlanStep.strategies && strategy !== undefined) {
    params.set(STRATEGY_PARAM, String(strategy));
  }
  const hash =
    step === PlanStep.creatives && typeof strategy === 'number'
      ? `#${strategyAnchor(strategy)}`
      : '';
  return `/ad/plan/${id}?${params.toString()}${hash}`;
}
