/**
 * The business demo on top of the base seed (seed/index.ts): accounts and top-ups,
 * materials, slots of every ad form, campaigns in every status. What it made is answered for
 * the start's log line.
 */
import type { Database } from '../../client.js';
import { DEMO_ACCOUNTS } from '../accounts.js';
import { demoStorage } from '../assets.js';
import { BUSINESS_ACCOUNTS, seedTopUps } from './accounts.js';
import { seedBusinessAdvertising } from './advertising.js';
import { seedBusinessMaterials } from './materials.js';
import { seedBusinessPartners } from './partners.js';
import { seedBusinessSupply } from './supply.js';

export { BUSINESS_ACCOUNTS };

export interface BusinessSeedOptions {
  /** Where material files go (UPLOAD_DIR); without it only the rows are made. */
  uploadDir?: string;
  /** Receives what the business demo made (the start logs it). */
  report?: (report: BusinessSeedReport) => void;
}

export interface BusinessSeedReport {
  materials: number;
  /** False when ffmpeg was missing or failed: the demo has no video creative then. */
  video: boolean;
  livePlans: number;
  pendingCreatives: number;
  rejectedCreatives: number;
  /** Demo demand partners with SSP strategies on the news app's slots. */
  partners: number;
}

export async function seedBusiness(
  tx: Database,
  ids: Map<string, number>,
  options: BusinessSeedOptions,
): Promise<void> {
  await seedTopUps(tx, ids, [...DEMO_ACCOUNTS, ...BUSINESS_ACCOUNTS], Date.now());
  const materials = await seedBusinessMaterials(tx, ids, demoStorage(options.uploadDir));
  await seedBusinessSupply(tx, ids);
  // After the games app: the demo publisher's pages take the first SDK slot of each form.
  const partners = await seedBusinessPartners(tx, ids);
  const campaigns = await seedBusinessAdvertising(tx, ids, materials.library);
  options.report?.({
    materials: materials.files,
    video: materials.video,
    livePlans: campaigns.live,
    pendingCreatives: campaigns.pending,
    rejectedCreatives: campaigns.rejected,
    partners,
  });
}
