/** Permission-matrix samples of the media endpoints: each succeeds for an allowed caller. */
import type { MEDIA_ENDPOINTS, SUPPLY_IMPACT_ENDPOINTS } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import type { TestUser } from '../factories.js';
import { buildStyle } from '../settings-factories.js';
import { buildMedia, buildSlot } from '../supply-factories.js';
import type { Sample } from './types.js';

/** A media of the caller (in every allowed caller's reach) with one slot. */
const mediaWithSlot = async (db: Database, user: TestUser) => {
  const media = await buildMedia(db, user.id);
  const style = await buildStyle(db);
  const slot = await buildSlot(db, media.id, { styleIds: [style.id] });
  return { media, slot, style };
};

export const MEDIA_SAMPLES: { [K in keyof typeof MEDIA_ENDPOINTS]: Sample } = {
  listMedia: () => ({ query: { keyword: 'Media', sort: 'slot_count', order: 'desc', status: 0 } }),
  listAllMedia: () => ({}),
  listMediaOwners: ({ user }) => ({ query: { keyword: user.username } }),
  createMedia: () => ({ body: { name: 'Matrix media', os: 1, bundle: 'com.matrix.app' } }),
  modifyMedia: async ({ db, user }) => ({
    body: { id: (await buildMedia(db, user.id)).id, name: 'Renamed media' },
  }),
  switchMedia: async ({ db, user }) => ({
    body: { id: (await buildMedia(db, user.id)).id, status: 1 },
  }),
  listSlots: async ({ db, user }) => ({
    query: { media_id: (await mediaWithSlot(db, user)).media.id, sort: 'lowest_bid' },
  }),
  listAllSlots: () => ({}),
  getSlot: async ({ db, user }) => ({ query: { id: (await mediaWithSlot(db, user)).slot.id } }),
  createSlot: async ({ db, user }) => ({
    body: {
      media_id: (await buildMedia(db, user.id)).id,
      name: 'Matrix slot',
      style_ids: [(await buildStyle(db)).id],
      lowest_bid: 1_000_000,
      width: 0,
      height: 0,
    },
  }),
  modifySlot: async ({ db, user }) => ({
    body: { id: (await mediaWithSlot(db, user)).slot.id, lowest_bid: 2_000_000 },
  }),
  switchSlot: async ({ db, user }) => ({
    body: { id: (await mediaWithSlot(db, user)).slot.id, status: 5 },
  }),
};

export const SUPPLY_IMPACT_SAMPLES: { [K in keyof typeof SUPPLY_IMPACT_ENDPOINTS]: Sample } = {
  getSupplyImpact: async ({ db, user }) => ({
    query: { target: 'media', id: (await mediaWithSlot(db, user)).media.id },
  }),
};
