/** Permission-matrix samples of the plan endpoints: each succeeds for an allowed caller. */
import type { PLAN_ENDPOINTS } from '@adloom/domain';
import type { Sample } from './types.js';

export const PLAN_SAMPLES: { [K in keyof typeof PLAN_ENDPOINTS]: Sample } = {
  // TODO(issue 5): filled in with the module.
} as never;
