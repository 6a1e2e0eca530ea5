/** The PostgreSQL schema: its areas live in schema/ (schema/index.ts lists them). */
export * from './schema/index.js';
