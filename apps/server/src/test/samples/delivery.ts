/** Permission-matrix samples of the delivery console endpoints: each succeeds for an allowed caller. */
import type { DELIVERY_ENDPOINTS } from '@adloom/domain';
import { buildMedia, buildSlot } from '../supply-factories.js';
import type { Sample } from './types.js';

export const DELIVERY_SAMPLES: { [K in keyof typeof DELIVERY_ENDPOINTS]: Sample } = {
  diagnoseDelivery: async ({ db, user }) => {
    const media = await buildMedia(db, user.id);
    const slot = await buildSlot(db, media.id);
    return { body: { slot_id: slot.id, os: 1, country: 'US', uid: 'matrix-user' } };
  },
  partnerHealth: () => ({ query: { hours: 24 } }),
};
