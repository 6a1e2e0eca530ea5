/**
 * Prints the rollup trigger's function for a new migration (stats/rollup-trigger.ts): run it
 * after adding a stats counter or rollup, paste its output at the end of the migration.
 * Usage: npm run db:rollup-trigger -w @adloom/server
 */
import { statsRollupFunctionSql } from '../stats/rollup-trigger.js';

process.stdout.write(`${statsRollupFunctionSql()}\n`);
