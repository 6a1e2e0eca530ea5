/**
 * The traffic catalog from the install's own settings (active countries with their
 * languages, brands with their models, audience items), for the in-process demo backfill.
 * Three queries; anything missing falls back to the demo catalog.
 */
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.js';
import { brands, countries, humanItems, languages, models } from '../../db/schema.js';
import { completeCatalog, type TrafficCatalog } from './catalog.js';

const ACTIVE = 0;

export async function loadCatalog(db: Database): Promise<TrafficCatalog> {
  const [countryRows, languageRows, modelRows, audienceRows] = await Promise.all([
    db
      .select({ code: countries.code, langId: countries.langId, langIds: countries.langIds })
      .from(countries)
      .where(eq(countries.status, ACTIVE))
      .orderBy(asc(countries.id)),
    db.select({ id: languages.id, code: languages.code }).from(languages),
    db
      .select({ brand: brands.code, model: models.code })
      .from(brands)
      .leftJoin(models, and(eq(models.brandId, brands.id), eq(models.status, ACTIVE)))
      .where(eq(brands.status, ACTIVE))
      .orderBy(asc(brands.id), asc(models.id)),
    audienceQuery(db),
  ]);
  const languageCode = new Map(languageRows.map((row) => [row.id, row.code.toLowerCase()]));
  const modelsByBrand = new Map<string, string[]>();
  for (const row of modelRows) {
    const list = modelsByBrand.get(row.brand) ?? [];
    if (row.model) list.push(row.model);
    modelsByBrand.set(row.brand, list);
  }
  return completeCatalog({
    countries: countryRows.map((row) => {
      // The main language first, then the others of lang_ids.
      const ids = [...new Set([row.langId, ...row.langIds].filter((id) => id !== null))];
      return {
        code: row.code.toUpperCase(),
        languages: ids.map((id) => languageCode.get(id)).filter((code) => code !== undefined),
      };
    }),
    brands: [...modelsByBrand].map(([code, list]) => ({ code, models: list })),
    audience: audienceRows.map((row) => `${row.parent}/${row.child}`),
  });
}

function audienceQuery(db: Database) {
  const parent = alias(humanItems, 'parent');
  return db
    .select({ parent: parent.code, child: humanItems.code })
    .from(humanItems)
    .innerJoin(parent, eq(parent.id, humanItems.parentId))
    .where(
      and(
        isNotNull(humanItems.parentId),
        isNull(parent.parentId),
        eq(humanItems.status, ACTIVE),
        eq(parent.status, ACTIVE),
      ),
    )
    .orderBy(asc(parent.sort), asc(humanItems.sort));
}
