/** Permission-matrix samples of the ssp-strategy endpoints: each succeeds for an allowed caller. */
import type { SSP_STRATEGY_ENDPOINTS } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import { buildDsp, buildMedia, buildSlot, buildSspStrategy } from '../supply-factories.js';
import type { Sample } from './types.js';

/** A slot of a media of `ownerId`, a demand partner, and a strategy giving it 600‰. */
async function strategyWorld(db: Database, ownerId: number) {
  const slot = await buildSlot(db, (await buildMedia(db, ownerId)).id);
  const dsp = await buildDsp(db);
  const strategy = await buildSspStrategy(db, slot.id, {
    allocations: [{ dsp_id: dsp.id, permille: 600 }],
  });
  return { slot, dsp, strategy };
}

export const SSP_STRATEGY_SAMPLES: { [K in keyof typeof SSP_STRATEGY_ENDPOINTS]: Sample } = {
  listSspStrategies: () => ({ query: { keyword: 'SSP', status: 0, sort: 'priority' } }),
  createSspStrategy: async ({ db, user }) => {
    const { slot, dsp } = await strategyWorld(db, user.id);
    return {
      body: {
        slot_id: slot.id,
        name: 'Matrix SSP strategy',
        config: '{"floor_boost": 1}',
        triggers: [{ key: 'os', mode: 'include', values: ['1'] }],
        allocations: [{ dsp_id: dsp.id, permille: 400 }],
        priority: 5,
      },
    };
  },
  modifySspStrategy: async ({ db, user }) => ({
    body: { id: (await strategyWorld(db, user.id)).strategy.id, priority: 9 },
  }),
  switchSspStrategy: async ({ db, user }) => ({
    body: { id: (await strategyWorld(db, user.id)).strategy.id, status: 1 },
  }),
  getSlotSplit: async ({ db, user }) => ({
    query: { slot_id: (await strategyWorld(db, user.id)).slot.id },
  }),
};
