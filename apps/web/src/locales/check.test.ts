import { describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES, flattenRoutes } from '@adloom/domain';
import { compareCatalogues, flattenCatalogue } from './check';
import { messages as en } from './en';
import { messages as zh } from './zh';

describe('compareCatalogues', () => {
  it('finds keys missing on either side, empty texts and differing placeholders', () => {
    const problems = compareCatalogues({
      en: { menu: { plans: 'Plans', ideas: 'Creatives' }, layout: { hi: 'Hi {{name}}' } },
      zh: { menu: { plans: '广告计划', extra: '多余' }, layout: { hi: '你好' }, empty: ' ' },
    });
    expect(problems).toEqual([
      { key: 'empty', problem: 'missing in en' },
      { key: 'empty', problem: 'empty in zh' },
      { key: 'layout.hi', problem: 'placeholders differ: en {name}, zh {}' },
      { key: 'menu.extra', problem: 'missing in en' },
      { key: 'menu.ideas', problem: 'missing in zh' },
    ]);
  });

  it('accepts matching catalogues', () => {
    expect(
      compareCatalogues({ en: { a: { b: 'x {{n}}' } }, zh: { a: { b: '甲 {{n}}' } } }),
    ).toEqual([]);
  });

  it('passes on the console catalogues', () => {
    expect(compareCatalogues({ en, zh })).toEqual([]);
  });

  it('holds a title for every route of the domain table', () => {
    const keys = flattenCatalogue(en);
    for (const route of flattenRoutes(CONSOLE_ROUTES)) {
      expect(keys.has(route.titleKey), route.titleKey).toBe(true);
    }
  });
});
