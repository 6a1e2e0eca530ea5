import { describe, expect, it } from 'vitest';
import { placeName } from './placeNames';

describe('placeName', () => {
  it('names an ISO country and language in the interface language', () => {
    expect(placeName('region', 'US', 'United States', 'zh')).toBe('美国');
    expect(placeName('region', 'US', 'United States', 'en')).toBe('United States');
    expect(placeName('language', 'fr', 'French', 'zh')).toBe('法语');
    expect(placeName('language', 'fr', 'French', 'en')).toBe('French');
  });

  it('matches the English name whatever its case or spaces', () => {
    expect(placeName('region', 'kr', ' south korea ', 'zh')).toBe('韩国');
  });

  it("keeps an operator's own name as written", () => {
    expect(placeName('region', 'US', 'USA (east)', 'zh')).toBe('USA (east)');
    expect(placeName('language', 'en', '英文', 'en')).toBe('英文');
  });

  it('keeps the stored name of a code that is not ISO', () => {
    expect(placeName('region', 'ZZ', 'Elsewhere', 'zh')).toBe('Elsewhere');
    expect(placeName('region', 'XK', 'Kosovo', 'zh')).toBe('Kosovo');
    expect(placeName('language', 'xx', 'Klingon', 'zh')).toBe('Klingon');
    expect(placeName('language', '!!', 'Bad', 'zh')).toBe('Bad');
  });

  it('falls back to the code, then to nothing', () => {
    expect(placeName('region', 'CN', '', 'zh')).toBe('中国');
    expect(placeName('region', 'QQ', '', 'zh')).toBe('QQ');
    expect(placeName('region', null, 'Somewhere', 'zh')).toBe('Somewhere');
  });
});
