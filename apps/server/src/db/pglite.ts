/**
 * The embedded database's handle: PGlite behind the same Drizzle API as PostgreSQL
 * (db/client.ts). Its own module, loaded only when the server runs on PGlite.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { embeddedDatabases, type Database, type DatabaseHandle } from './client.js';
import * as schema from './schema.js';

export function openPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  embeddedDatabases.add(db);
  return {
    kind: 'pglite',
    client,
    db,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
