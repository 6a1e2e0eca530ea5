/** Permission-matrix samples of the dsp endpoints: each succeeds for an allowed caller. */
import type { DSP_ENDPOINTS } from '@adloom/domain';
import type { Sample } from './types.js';

export const DSP_SAMPLES: { [K in keyof typeof DSP_ENDPOINTS]: Sample } = {
  // TODO(issue 6): filled in with the module.
} as never;
