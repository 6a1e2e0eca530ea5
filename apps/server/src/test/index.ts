/**
 * The server's common test support, one import: a test's app and database, requests over
 * app.inject, and test data with unique names. What only one feature's tests use is that
 * feature's `test-kit.ts`; the fuzzer (fuzz/), the permission matrix's samples (samples/)
 * and the VAST player check (vast-check.ts) are imported by path (docs/TESTING.md).
 */
export * from './app.js';
export * from './http.js';
export * from './factories.js';
export * from './accounts.js';
export * from './settings.js';
export * from './ad-factories.js';
export * from './supply-factories.js';
export * from './fake-dsp.js';
