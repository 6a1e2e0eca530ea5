/** Permission-matrix samples of the media endpoints: each succeeds for an allowed caller. */
import type { MEDIA_ENDPOINTS } from '@adloom/domain';
import type { Sample } from './types.js';

export const MEDIA_SAMPLES: { [K in keyof typeof MEDIA_ENDPOINTS]: Sample } = {
  // TODO(issue 6): filled in with the module.
} as never;
