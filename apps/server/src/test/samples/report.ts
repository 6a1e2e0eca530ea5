/** Permission-matrix samples of the report endpoints: each succeeds for an allowed caller. */
import type { REPORT_ENDPOINTS, REPORT_FILE_ENDPOINTS } from '@adloom/domain';
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

/**
 * The export answers a file, not the envelope, so it is not in ENDPOINTS: its own matrix
 * (modules/report/export.test.ts) sends these.
 */
export const REPORT_FILE_SAMPLES: { [K in keyof typeof REPORT_FILE_ENDPOINTS]: Sample } = {
  exportReport: () => ({
    body: {
      dimensions: ['date', 'country'],
      metrics: ['imp', 'ctr', 'cost'],
      from: '2026-11-01',
      to: '2026-11-22',
      format: 'csv',
    },
  }),
};
