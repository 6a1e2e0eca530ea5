/** Permission-matrix samples of the dsp endpoints: each succeeds for an allowed caller. */
import { randomBytes } from 'node:crypto';
import type { DSP_ENDPOINTS } from '@adloom/domain';
import { buildDsp } from '../supply-factories.js';
import type { Sample } from './types.js';

const uniqueName = () => `Matrix DSP ${randomBytes(5).toString('hex')}`;

export const DSP_SAMPLES: { [K in keyof typeof DSP_ENDPOINTS]: Sample } = {
  listDsps: () => ({ query: { keyword: 'DSP', status: 0, sort: 'name', order: 'desc' } }),
  listAllDsps: () => ({}),
  createDsp: () => ({
    body: {
      name: uniqueName(),
      type: 1,
      slot_type: 1,
      timeout_ms: 250,
      request_url: 'https://bidder.example.com/openrtb2',
      cpm: 12_000_000,
      percent: 900,
      config: '{"seat": "matrix"}',
    },
  }),
  modifyDsp: async ({ db }) => ({
    body: { id: (await buildDsp(db, { name: uniqueName() })).id, timeout_ms: 400 },
  }),
  switchDsp: async ({ db }) => ({
    body: { id: (await buildDsp(db, { name: uniqueName() })).id, status: 1 },
  }),
  // A private test URL: refused by the guard at once (outcome error), nothing is sent.
  testDsp: async ({ db }) => ({
    body: {
      id: (await buildDsp(db, { name: uniqueName(), testUrl: 'http://10.255.0.1/bid' })).id,
    },
  }),
};
