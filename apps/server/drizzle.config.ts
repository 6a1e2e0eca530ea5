import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate -w @adloom/server` writes the SQL migration for schema changes. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
