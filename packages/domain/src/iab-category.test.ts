import { describe, expect, it } from 'vitest';
import { IabCategory, categoryBlocked, domainBlocked } from './iab-category.js';

describe('IAB categories of plans', () => {
  it('lists the tier-1 codes an advertiser may state, with both languages', () => {
    expect(IabCategory.values).toHaveLength(23);
    expect(IabCategory.has('IAB7')).toBe(true);
    expect(IabCategory.has('IAB7-39')).toBe(false);
    expect(IabCategory.has('IAB25')).toBe(false);
    expect(IabCategory.label('IAB20', 'zh')).toBe('旅游');
  });

  it('is blocked by its own code in bcat, not by a subcategory or another taxonomy', () => {
    expect(categoryBlocked('IAB7', ['IAB25', 'iab7 '], undefined)).toBe(true);
    expect(categoryBlocked('IAB7', ['IAB7-39'], undefined)).toBe(false);
    expect(categoryBlocked('IAB7', ['IAB7'], 2)).toBe(false);
    expect(categoryBlocked('IAB7', ['IAB7'], 1)).toBe(true);
    expect(categoryBlocked('IAB7', undefined, undefined)).toBe(false);
  });

  it('blocks an advertiser domain listed in badv, and its subdomains only', () => {
    expect(domainBlocked('outdoor-shop.example', ['Outdoor-Shop.example'])).toBe(true);
    expect(domainBlocked('eu.outdoor-shop.example', ['outdoor-shop.example'])).toBe(true);
    expect(domainBlocked('outdoor-shop.example', ['www.outdoor-shop.example'])).toBe(true);
    expect(domainBlocked('myoutdoor-shop.example', ['outdoor-shop.example'])).toBe(false);
    expect(domainBlocked('outdoor-shop.example', ['shop.example', ''])).toBe(false);
    expect(domainBlocked('outdoor-shop.example', [])).toBe(false);
  });
});
