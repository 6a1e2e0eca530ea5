import { describe, expect, it } from 'vitest';
import { changedFields, pickFields } from './changes.js';
import { ZNoted } from './contracts/change.js';
import { ZAdStyleFields, ZCountryFields, formatSize, parseSize } from './contracts/settings.js';

describe('what counts as a change', () => {
  it('ignores creation and modification times and unchanged fields', () => {
    const before = { name: 'France', lang_ids: [1, 2], created_at: 'a', updated_at: 'b' };
    expect(changedFields(before, { ...before, updated_at: 'c', created_at: 'd' })).toEqual([]);
    expect(changedFields(before, { ...before, lang_ids: [1, 2, 3] })).toEqual(['lang_ids']);
    expect(changedFields(before, { name: 'République française' })).toEqual(['name']);
    expect(pickFields({ a: 1, b: 2, c: 3 }, ['a', 'c'])).toEqual({ a: 1, c: 3 });
  });
});

describe('the note a write carries', () => {
  const note = {
    target_type: 'country',
    method: 'modify',
    target: 4,
    value_before: '{"name":"A"}',
    value_after: '{"name":"B"}',
  };

  it('arrives as a JSON string and needs two non-space characters of comment', () => {
    expect(ZNoted.safeParse({ note: JSON.stringify({ ...note, comment: 'ok' }) }).success).toBe(
      true,
    );
    const short = ZNoted.safeParse({ note: JSON.stringify({ ...note, comment: ' a ' }) });
    expect(short.error?.issues[0]).toMatchObject({
      path: ['note', 'comment'],
      message: 'ad.noteRequired',
    });
    expect(ZNoted.safeParse({ note: '{oops' }).error?.issues[0]?.path).toEqual(['note']);
    expect(ZNoted.safeParse({}).success).toBe(true);
  });
});

describe('settings form fields', () => {
  it('takes lang_ids joined with commas, as a multipart form sends them', () => {
    const parsed = ZCountryFields.parse({
      name: 'France',
      code: 'FR',
      lang_id: '3',
      lang_ids: '3, 1',
    });
    expect(parsed.lang_ids).toEqual([3, 1]);
    expect(
      ZCountryFields.parse({ name: 'X', code: 'XX', lang_id: null, lang_ids: [] }).lang_ids,
    ).toEqual([]);
    expect(
      ZCountryFields.safeParse({ name: 'X', code: 'fr', lang_id: null, lang_ids: '' }).success,
    ).toBe(false);
  });

  it('reads sizes as width x height, 0 meaning unlimited', () => {
    expect(parseSize('320 x 50')).toEqual({ width: 320, height: 50 });
    expect(parseSize('0x0')).toEqual({ width: 0, height: 0 });
    expect(parseSize('wide')).toBeNull();
    expect(formatSize({ width: 1080, height: 1920 })).toBe('1080 x 1920');
    const style = {
      name: 'Banner',
      type: '2',
      icon_size: '',
      img_size: '320 x 50',
      img3_size: null,
      video_size: 'big',
      meta: 'title,image',
      title_length: '30',
      description_length: 0,
    };
    const bad = ZAdStyleFields.safeParse(style);
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['video_size']);
    const good = ZAdStyleFields.parse({ ...style, video_size: '' });
    expect(good).toMatchObject({
      icon_size: null,
      img_size: { width: 320, height: 50 },
      meta: ['title', 'image'],
    });
  });
});
