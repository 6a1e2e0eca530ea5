/** Permission-matrix samples of the report endpoints: each succeeds for an allowed caller. */
import type { REPORT_ENDPOINTS } from '@adloom/domain';
import type { Sample } from './types.js';

export const REPORT_SAMPLES: { [K in keyof typeof REPORT_ENDPOINTS]: Sample } = {
  queryReport: () => ({
    body: {
      dimensions: ['date'],
      metrics: ['request', 'imp', 'click', 'ctr', 'cost'],
      from: '2026-11-01',
      to: '2026-11-22',
    },
  }),
};
