/** Permission-matrix samples of the material endpoints: each succeeds for an allowed caller. */
import type { MATERIAL_ENDPOINTS } from '@adloom/domain';
import { buildMaterial } from '../ad-factories.js';
import type { Sample } from './types.js';

/** The smallest PNG: one pixel. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export const MATERIAL_SAMPLES: { [K in keyof typeof MATERIAL_ENDPOINTS]: Sample } = {
  listMaterials: () => ({ query: { keyword: 'material', kind: 'image', sort: 'name' } }),
  getMaterial: async ({ db, user }) => ({ query: { id: (await buildMaterial(db, user.id)).id } }),
  uploadMaterial: () => ({
    fields: { name: 'Matrix pixel' },
    files: [{ filename: 'pixel.png', content: PIXEL_PNG, contentType: 'image/png' }],
  }),
  modifyMaterial: async ({ db, user }) => ({
    body: { id: (await buildMaterial(db, user.id)).id, name: 'Renamed material' },
  }),
  switchMaterial: async ({ db, user }) => ({
    body: { id: (await buildMaterial(db, user.id)).id, status: 1 },
  }),
};
