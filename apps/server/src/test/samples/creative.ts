/** Permission-matrix samples of the creative endpoints: each succeeds for an allowed caller. */
import type { CREATIVE_ENDPOINTS } from '@adloom/domain';
import type { Sample } from './types.js';

export const CREATIVE_SAMPLES: { [K in keyof typeof CREATIVE_ENDPOINTS]: Sample } = {
  // TODO(issue 5): filled in with the module.
} as never;
