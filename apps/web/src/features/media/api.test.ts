import { beforeAll, describe, expect, it } from 'vitest';
import {
  AD_MESSAGES,
  SUPPLY_MESSAGES,
  fieldIssue,
  type FieldIssue,
  type Slot,
} from '@adloom/domain';
import { ApiError } from '../../lib/api';
import { changeLanguage, setupI18n } from '../../lib/i18n';
import {
  EMPTY_SLOT_FORM,
  mediaBodyOf,
  sizeText,
  slotBodyOf,
  slotEditableOf,
  slotFieldProblem,
  slotFormOf,
  translatedError,
} from './api';

const slot: Slot = {
  id: 3,
  media_id: 2,
  media_name: 'News',
  media_status: 0,
  media_os: 1,
  media_bundle: 'com.news',
  owner: { id: 1, username: 'operator', nickname: 'Operator' },
  name: 'Top',
  code: 'news-top',
  lowest_bid: 1_250_000,
  style_ids: [4, 1],
  ad_type_id: null,
  ad_type_name: null,
  ad_form: 1,
  countries: ['US'],
  width: 0,
  height: 50,
  supply_type: 2,
  auction_type: 2,
  status: 0,
  created_at: '',
  updated_at: '',
};

beforeAll(async () => {
  await setupI18n('en');
});

describe('slot form', () => {
  it('shows the lowest bid in currency units and sends micros, lists sorted without repeats', () => {
    const form = slotFormOf(slot);
    expect(form.lowest_bid).toBe('1.25');
    expect(slotBodyOf({ ...form, style_ids: [4, 1, 4], countries: ['US', 'GB'] })).toMatchObject({
      media_id: 2,
      lowest_bid: 1_250_000,
      style_ids: [1, 4],
      countries: ['GB', 'US'],
    });
    expect(slotBodyOf({ ...EMPTY_SLOT_FORM, width: null, lowest_bid: '' })).toMatchObject({
      width: 0,
      lowest_bid: 0,
    });
  });

  it('edits the code as text and sends a blank one as none', () => {
    const form = slotFormOf(slot);
    expect(form.code).toBe('news-top');
    expect(slotBodyOf({ ...form, code: ' home-top ' }).code).toBe('home-top');
    expect(slotBodyOf({ ...form, code: '  ' }).code).toBeNull();
    expect(slotFormOf({ ...slot, code: null }).code).toBe('');
  });

  it('compares an edit without the media (it is fixed): an untouched slot changes nothing', () => {
    const before = slotEditableOf(slotFormOf(slot));
    expect(before).not.toHaveProperty('media_id');
    expect(slotEditableOf({ ...slotFormOf(slot), style_ids: [1, 4] })).toEqual(before);
  });

  it('names the problems of a field with the shared schema, in the interface language', async () => {
    const values = { ...EMPTY_SLOT_FORM, media_id: 1, name: 'Top' };
    expect(slotFieldProblem('style_ids', values)).toBe(AD_MESSAGES.confirmStyle.en);
    expect(slotFieldProblem('lowest_bid', { ...values, lowest_bid: '1.2.3' })).toBe(
      'Write an amount such as 125.50 (at most 2 decimals)',
    );
    expect(slotFieldProblem('media_id', { ...values, media_id: undefined })).toBeTruthy();
    expect(slotFieldProblem('width', { ...values, width: 10_001 })).toBeTruthy();
    expect(slotFieldProblem('width', { ...values, width: 0 })).toBeUndefined();
    await changeLanguage('zh');
    expect(slotFieldProblem('style_ids', values)).toBe(AD_MESSAGES.confirmStyle.zh);
    await changeLanguage('en');
  });
});

describe('media form', () => {
  it('sends trimmed texts and the owner only when one is chosen', () => {
    expect(mediaBodyOf({ name: ' News ', os: 1, bundle: ' com.news ' })).toEqual({
      name: 'News',
      os: 1,
      bundle: 'com.news',
    });
    expect(mediaBodyOf({ name: 'N', os: 0, bundle: '', owner_id: 9 })).toMatchObject({
      owner_id: 9,
    });
  });
});

describe('showing', () => {
  it('says Unlimited for a 0 x 0 slot and "any" for one open side', () => {
    expect(sizeText(0, 0)).toBe('Unlimited');
    expect(sizeText(320, 50)).toBe('320 × 50');
    expect(sizeText(0, 50)).toBe('any × 50');
  });

  it('puts a country or style issue on its list, translated', async () => {
    await changeLanguage('zh');
    const error = new ApiError(-120, 'x', 'x', [
      fieldIssue('countries.2', 'supply.unknownCountry'),
      fieldIssue('style_ids', 'ad.confirmStyle'),
      // A text that is no code is shown as it came.
      { path: 'name', message: 'Too small' } as FieldIssue,
    ]);
    expect((translatedError(error) as ApiError).fields).toEqual([
      {
        path: 'countries',
        code: 'supply.unknownCountry',
        message: SUPPLY_MESSAGES.unknownCountry.zh,
      },
      { path: 'style_ids', code: 'ad.confirmStyle', message: AD_MESSAGES.confirmStyle.zh },
      { path: 'name', message: 'Too small' },
    ]);
    await changeLanguage('en');
  });
});
