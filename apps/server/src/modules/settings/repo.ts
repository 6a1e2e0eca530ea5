/** Reads of the setting lists: languages, countries, creative styles. */
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { adStyles, countries, languages } from '../../db/schema.js';

export async function listLanguages(db: Database) {
  return db
    .select({ id: languages.id, name: languages.name, code: languages.code })
    .from(languages)
    .orderBy(asc(languages.id));
}

export async function listCountries(db: Database) {
  return db
    .select({
      id: countries.id,
      name: countries.name,
      code: countries.code,
      langId: countries.langId,
      langIds: countries.langIds,
      status: countries.status,
    })
    .from(countries)
    .orderBy(asc(countries.name));
}

export async function listStyles(db: Database) {
  return db.select().from(adStyles).orderBy(asc(adStyles.id));
}
