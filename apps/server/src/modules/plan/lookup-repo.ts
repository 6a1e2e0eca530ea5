/**
 * Existence lookups the strategy checks need, over the settings vocabulary (countries,
 * brands, models, audience characteristics, styles), slots and creatives. Read-only.
 */
import { SimpleStatus, WideStatus } from '@adloom/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import {
  adStyles,
  brands,
  countries,
  creatives,
  humanItems,
  models,
  slots,
} from '../../db/schema.js';

const ACTIVE = SimpleStatus.active;

/** The codes among `codes` of active countries. */
export async function activeCountryCodes(db: Database, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: countries.code })
    .from(countries)
    .where(and(inArray(countries.code, codes), eq(countries.status, ACTIVE)));
  return new Set(rows.map((row) => row.code));
}

/**
 * The ids among `ids` of slots that exist and are not deleted (an inactive slot may be
 * switched on again, so targeting it is allowed).
 */
export async function existingSlotIds(db: Database, ids: number[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: slots.id })
    .from(slots)
    .where(and(inArray(slots.id, ids), ne(slots.status, WideStatus.deleted)));
  return new Set(rows.map((row) => String(row.id)));
}

/** The codes among `codes` of active brands. */
export async function activeBrandCodes(db: Database, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: brands.code })
    .from(brands)
    .where(and(inArray(brands.code, codes), eq(brands.status, ACTIVE)));
  return new Set(rows.map((row) => row.code));
}

/**
 * The codes among `codes` of active models of active brands; only of the brands coded
 * `brandCodes` when given (a model code is unique within its brand only).
 */
export async function activeModelCodes(
  db: Database,
  codes: string[],
  brandCodes?: string[],
): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  if (brandCodes && brandCodes.length === 0) return new Set();
  const rows = await db
    .select({ code: models.code })
    .from(models)
    .innerJoin(brands, eq(brands.id, models.brandId))
    .where(
      and(
        inArray(models.code, codes),
        eq(models.status, ACTIVE),
        eq(brands.status, ACTIVE),
        brandCodes ? inArray(brands.code, brandCodes) : undefined,
      ),
    );
  return new Set(rows.map((row) => row.code));
}

const parentItem = alias(humanItems, 'parent_item');

/**
 * Every active audience characteristic as targeting names it: a top-level item by its code
 * (`gender`), a child as `parent/child` (`gender/man`), under an active parent.
 */
export async function activeAudienceCodes(db: Database): Promise<Set<string>> {
  const rows = await db
    .select({
      code: humanItems.code,
      parentCode: parentItem.code,
      parentStatus: parentItem.status,
      hasParent: humanItems.parentId,
    })
    .from(humanItems)
    .leftJoin(parentItem, eq(parentItem.id, humanItems.parentId))
    .where(eq(humanItems.status, ACTIVE));
  const codes = new Set<string>();
  for (const row of rows) {
    if (row.hasParent === null) codes.add(row.code);
    else if (row.parentCode !== null && row.parentStatus === ACTIVE) {
      codes.add(`${row.parentCode}/${row.code}`);
    }
  }
  return codes;
}

/** The ids among `ids` of active creative styles. */
export async function activeStyleIds(db: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: adStyles.id })
    .from(adStyles)
    .where(and(inArray(adStyles.id, ids), eq(adStyles.status, ACTIVE)));
  return new Set(rows.map((row) => row.id));
}

export interface CreativeFacts {
  id: number;
  ownerId: number;
  styleId: number;
  language: string;
  status: number;
}

/** What the strategy checks need to know of the creatives `ids`, by id. */
export async function creativeFacts(
  db: Database,
  ids: number[],
): Promise<Map<number, CreativeFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: creatives.id,
      ownerId: creatives.ownerId,
      styleId: creatives.styleId,
      language: creatives.language,
      status: creatives.status,
    })
    .from(creatives)
    .where(inArray(creatives.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
