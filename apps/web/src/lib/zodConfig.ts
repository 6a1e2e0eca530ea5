/**
 * Imported first by main.tsx, before any module builds a schema: zod would otherwise probe
 * eval() (new Function) while building object schemas, which the strict CSP of the server
 * (script-src 'self') reports as a violation. Without eval zod parses the same, just
 * without its compiled fast path.
 */
import { config } from 'zod';

config({ jitless: true });
