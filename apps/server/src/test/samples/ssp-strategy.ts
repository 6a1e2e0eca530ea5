/** Permission-matrix samples of the ssp-strategy endpoints: each succeeds for an allowed caller. */
import type { SSP_STRATEGY_ENDPOINTS } from '@adloom/domain';
import type { Sample } from './types.js';

export const SSP_STRATEGY_SAMPLES: { [K in keyof typeof SSP_STRATEGY_ENDPOINTS]: Sample } = {
  // TODO(issue 6): filled in with the module.
} as never;
