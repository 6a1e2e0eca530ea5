import { describe, expect, it } from 'vitest';
import {
  auditStateOf,
  canonicalSpecialConfig,
  checkCreativeContent,
  creativeIssueText,
  isPhoneNumber,
  materialIssue,
  reviewStateOf,
  sizeFits,
  styleRules,
  type CreativeContent,
  type StyleShape,
} from './creative-rules.js';
import { AdStyleType } from './enums.js';

const style = (overrides: Partial<StyleShape> = {}): StyleShape => ({
  type: AdStyleType.bigImage,
  meta: ['title', 'image'],
  icon_size: null,
  img_size: { width: 1200, height: 628 },
  img3_size: null,
  video_size: null,
  title_length: 10,
  description_length: 0,
  ...overrides,
});

const content = (overrides: Partial<CreativeContent> = {}): CreativeContent => ({
  title: 'Hello',
  description: '',
  icon_material_id: null,
  image_material_id: 7,
  group_material_ids: [],
  video_material_id: null,
  click_action: 2,
  action_text: '',
  special_config: '',
  app_name: '',
  app_package: '',
  click_url: 'https://example.com',
  deeplink_url: '',
  ...overrides,
});

describe('styleRules', () => {
  it('adds what the type needs to the meta, and the title when shown', () => {
    const rules = styleRules(style({ type: AdStyleType.video, meta: ['title', 'description'] }));
    expect([...rules.elements].sort()).toEqual(['description', 'title', 'video']);
    expect([...rules.required].sort()).toEqual(['title', 'video']);
    expect([...styleRules(style({ type: AdStyleType.text, meta: [] })).required]).toEqual([
      'title',
    ]);
  });
});

describe('checkCreativeContent', () => {
  it('passes a creative that fits its style', () => {
    expect(checkCreativeContent(content(), style())).toEqual([]);
  });

  it('counts characters as a person does (0 = unlimited)', () => {
    expect(checkCreativeContent(content({ title: '🙂'.repeat(10) }), style())).toEqual([]);
    expect(checkCreativeContent(content({ title: 'x'.repeat(11) }), style())).toEqual([
      { path: 'title', rule: 'tooLong', params: { max: 10 } },
    ]);
    expect(
      checkCreativeContent(content({ title: 'x'.repeat(11) }), style({ title_length: 0 })),
    ).toEqual([]);
  });

  it('allows the app name for Download App even when the style does not show it', () => {
    const download = content({ click_action: 3, app_name: 'Shoes', app_package: 'com.a.b' });
    expect(checkCreativeContent(download, style())).toEqual([]);
    expect(checkCreativeContent(content({ app_name: 'Shoes' }), style())).toEqual([
      { path: 'app_name', rule: 'notInStyle' },
    ]);
  });
});

describe('sizeFits', () => {
  const limit = { width: 1200, height: 628 };
  it('takes the size or larger in the same proportions', () => {
    expect(sizeFits(limit, { width: 1200, height: 628 })).toBe(true);
    expect(sizeFits(limit, { width: 2400, height: 1256 })).toBe(true);
    expect(sizeFits(limit, { width: 1210, height: 628 })).toBe(true); // within 1 %
    expect(sizeFits(limit, { width: 1300, height: 628 })).toBe(false);
    expect(sizeFits(limit, { width: 600, height: 314 })).toBe(false);
  });
  it('treats 0 and null as unlimited', () => {
    expect(sizeFits({ width: 0, height: 320 }, { width: 10, height: 400 })).toBe(true);
    expect(sizeFits({ width: 0, height: 320 }, { width: 10, height: 300 })).toBe(false);
    expect(sizeFits({ width: 0, height: 0 }, { width: 1, height: 1 })).toBe(true);
    expect(sizeFits(null, { width: 1, height: 1 })).toBe(true);
  });
});

describe('materialIssue', () => {
  const fine = { kind: 'video', width: 1280, height: 720, status: 0, transcode_state: 1 };
  it('names what is wrong', () => {
    const video = style({ type: AdStyleType.video, video_size: { width: 1280, height: 720 } });
    expect(materialIssue('video', fine, video)).toBeUndefined();
    expect(materialIssue('video', { ...fine, transcode_state: 0 }, video)?.rule).toBe(
      'videoTranscoding',
    );
    expect(materialIssue('video', undefined, video)?.rule).toBe('materialMissing');
    expect(materialIssue('image', fine, video)?.rule).toBe('materialImage');
    expect(materialIssue('video', { ...fine, width: 640, height: 360 }, video)).toEqual({
      rule: 'sizeMismatch',
      params: { size: '1280 x 720', actual: '640 x 360' },
    });
  });
});

describe('click actions', () => {
  it('knows a phone number', () => {
    expect(isPhoneNumber('tel:+33 1 23 45 67 89')).toBe(true);
    expect(isPhoneNumber('(555) 123-4567')).toBe(true);
    expect(isPhoneNumber('123')).toBe(false);
    expect(isPhoneNumber('call me')).toBe(false);
  });
});

describe('messages', () => {
  it('fills parameters in both languages', () => {
    const issue = { rule: 'sizeMismatch' as const, params: { size: '1 x 2', actual: '3 x 4' } };
    expect(creativeIssueText(issue, 'en')).toBe(
      'Needs 1 x 2 or larger in the same proportions; this one is 3 x 4',
    );
    expect(creativeIssueText(issue, 'zh')).toBe('需要 1 x 2 或同比例更大的尺寸，当前为 3 x 4');
  });
});

describe('special config', () => {
  it('has one text however it was typed', () => {
    expect(canonicalSpecialConfig('{"b":1,"a":{"d":[2,1],"c":null}}')).toBe(
      canonicalSpecialConfig({ a: { c: null, d: [2, 1] }, b: 1 }),
    );
    expect(canonicalSpecialConfig('  ')).toBe('');
    expect(canonicalSpecialConfig(null)).toBe('');
    expect(canonicalSpecialConfig('{bad')).toBe('{bad');
  });
});

describe('audit states', () => {
  it('tells pending from under audit by an earlier decision', () => {
    expect(reviewStateOf(1, null)).toBe('pending');
    expect(reviewStateOf(1, '2026-01-01T00:00:00Z')).toBe('underAudit');
    expect(reviewStateOf(0, '2026-01-01T00:00:00Z')).toBe('approved');
    expect(reviewStateOf(2, '2026-01-01T00:00:00Z')).toBe('failed');
  });
  it('puts the shelf first', () => {
    expect(auditStateOf({ review: 0, status: 1, reviewed_at: null })).toBe('inactive');
    expect(auditStateOf({ review: 1, status: 5, reviewed_at: null })).toBe('deleted');
    expect(auditStateOf({ review: 2, status: 0, reviewed_at: new Date() })).toBe('failed');
  });
});
