/** Permission-matrix samples of the material endpoints: each succeeds for an allowed caller. */
import type { MATERIAL_ENDPOINTS } from '@adloom/domain';
import type { Sample } from './types.js';

export const MATERIAL_SAMPLES: { [K in keyof typeof MATERIAL_ENDPOINTS]: Sample } = {
  // TODO(issue 5): filled in with the module.
} as never;
