// `npm run i18n:check`: fails, listing every problem, when the English and Chinese texts of
// the console differ in keys, hold an empty text or use different {{placeholders}}.
// The catalogues are TypeScript object literals (apps/web/src/locales/<lang>/*.ts); tsx
// loads them, so the check reads exactly what the console ships.
import { tsImport } from 'tsx/esm/api';

const load = (path) => tsImport(path, import.meta.url);

const [{ compareCatalogues, flattenCatalogue }, en, zh] = await Promise.all([
  load('../apps/web/src/locales/check.ts'),
  load('../apps/web/src/locales/en/index.ts'),
  load('../apps/web/src/locales/zh/index.ts'),
]);

const problems = compareCatalogues({ en: en.messages, zh: zh.messages });
if (problems.length > 0) {
  console.error(`i18n check failed: ${problems.length} problem(s)`);
  for (const { key, problem } of problems) console.error(`  ${key}: ${problem}`);
  process.exit(1);
}
console.info(`i18n check passed: ${flattenCatalogue(en.messages).size} keys in en and zh`);
