/**
 * Settings test data with unique codes. Country codes have only two letters, so each test
 * file takes its own first letters (none of the demo countries use them) and counts
 * through them: files sharing one PostgreSQL database never collide.
 */
import { randomBytes } from 'node:crypto';
import { AdForm, AdStyleType } from '@adloom/domain';
import type { Database } from '../db/client.js';
import {
  adStyles,
  adTypes,
  brands,
  countries,
  humanItems,
  languages,
  models,
} from '../db/schema.js';

const hex = (bytes = 4) => randomBytes(bytes).toString('hex');
const letters = (count: number) =>
  Array.from(randomBytes(count), (byte) => String.fromCharCode(97 + (byte % 26))).join('');

/** A language code no other test uses: three letters and a region, e.g. qzx-KQ. */
export function uniqueLanguageCode(): string {
  return `${letters(3)}-${letters(2).toUpperCase()}`;
}

/** Country codes starting with one of `firsts` (e.g. 'QX'), in order: QA, QB, … XZ. */
export function countryCodes(firsts: string): () => string {
  let next = 0;
  return () => {
    const first = firsts[Math.floor(next / 26)];
    if (!first) throw new Error(`countryCodes(${firsts}): out of codes`);
    const code = `${first}${String.fromCharCode(65 + (next % 26))}`;
    next += 1;
    return code;
  };
}

export const uniqueSlug = (prefix: string) => `${prefix}_${hex()}`;

export async function buildLanguage(
  db: Database,
  values: Partial<typeof languages.$inferInsert> = {},
) {
  const [row] = await db
    .insert(languages)
    .values({ name: `Language ${hex()}`, code: uniqueLanguageCode(), ...values })
    .returning();
  if (!row) throw new Error('buildLanguage: nothing returned');
  return row;
}

export async function buildCountry(
  db: Database,
  values: Partial<typeof countries.$inferInsert> & { code: string },
) {
  const [row] = await db
    .insert(countries)
    .values({ name: `Country ${hex()}`, ...values })
    .returning();
  if (!row) throw new Error('buildCountry: nothing returned');
  return row;
}

export async function buildStyle(db: Database, values: Partial<typeof adStyles.$inferInsert> = {}) {
  const [row] = await db
    .insert(adStyles)
    .values({ name: `Style ${hex()}`, type: AdStyleType.bigImage, meta: ['title'], ...values })
    .returning();
  if (!row) throw new Error('buildStyle: nothing returned');
  return row;
}

export async function buildAdType(db: Database, values: Partial<typeof adTypes.$inferInsert> = {}) {
  const [row] = await db
    .insert(adTypes)
    .values({ name: `Ad type ${hex()}`, adForm: AdForm.banner, ...values })
    .returning();
  if (!row) throw new Error('buildAdType: nothing returned');
  return row;
}

export async function buildBrand(db: Database, values: Partial<typeof brands.$inferInsert> = {}) {
  const [row] = await db
    .insert(brands)
    .values({ code: uniqueSlug('brand'), name: `Brand ${hex()}`, ...values })
    .returning();
  if (!row) throw new Error('buildBrand: nothing returned');
  return row;
}

export async function buildModel(
  db: Database,
  values: Partial<typeof models.$inferInsert> & { brandId: number },
) {
  const [row] = await db
    .insert(models)
    .values({ code: `M-${hex()}`, name: `Model ${hex()}`, ...values })
    .returning();
  if (!row) throw new Error('buildModel: nothing returned');
  return row;
}

export async function buildHumanItem(
  db: Database,
  values: Partial<typeof humanItems.$inferInsert> = {},
) {
  const [row] = await db
    .insert(humanItems)
    .values({ code: uniqueSlug('h'), name: `Item ${hex()}`, ...values })
    .returning();
  if (!row) throw new Error('buildHumanItem: nothing returned');
  return row;
}
