import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdStyleType,
  CREATIVE_RULE_MESSAGES,
  ClickAction,
  fieldIssue,
  type AdStyle,
} from '@adloom/domain';
import { ApiError } from '../../lib/api';
import { changeLanguage, setupI18n } from '../../lib/i18n';
import {
  EMPTY_FORM,
  formIssues,
  normalizeForm,
  sizeHint,
  translatedError,
  visibleFields,
  type CreativeForm,
} from './api';

const style = (overrides: Partial<AdStyle> = {}): AdStyle => ({
  id: 4,
  name: 'Big image',
  type: AdStyleType.bigImage,
  icon_size: { width: 120, height: 120 },
  img_size: { width: 1200, height: 628 },
  img3_size: null,
  video_size: null,
  meta: ['title', 'icon', 'image'],
  title_length: 10,
  description_length: 0,
  status: 0,
  created_at: '',
  updated_at: '',
  ...overrides,
});

const form = (overrides: Partial<CreativeForm> = {}): CreativeForm => ({
  ...EMPTY_FORM,
  name: ' Sale ',
  style_id: 4,
  title: ' Hello ',
  image_material_id: 7,
  click_url: 'https://example.com',
  ...overrides,
});

beforeAll(async () => {
  await setupI18n('en');
});
afterAll(async () => {
  await changeLanguage('en');
});

describe('the creative form', () => {
  it('shows what the style and the click action carry', () => {
    const shown = visibleFields(style(), ClickAction.telephone);
    expect(shown).toMatchObject({
      title: true,
      description: false,
      icon: true,
      image: true,
      video: false,
      appName: false,
      appPackage: false,
      clickUrl: true,
      deeplink: false,
    });
    expect(visibleFields(style(), ClickAction.downloadApp)).toMatchObject({
      appName: true,
      appPackage: true,
      deeplink: true,
    });
    expect(visibleFields(style(), ClickAction.noAction).clickUrl).toBe(false);
  });

  it('sends only what the style and click action keep, trimmed', () => {
    const sent = normalizeForm(
      form({
        description: 'typed before the style changed',
        video_material_id: 3,
        group_material_ids: [1, 2, 3],
        app_package: 'com.example.app',
        special_config: '{"b":1,"a":2}',
        impression_monitor_urls: [' https://t.example.com/i ', '  '],
      }),
      style(),
    );
    expect(sent).toMatchObject({
      name: 'Sale',
      title: 'Hello',
      description: '',
      video_material_id: null,
      group_material_ids: [],
      app_package: '',
      image_material_id: 7,
      impression_monitor_urls: ['https://t.example.com/i'],
    });
    expect(JSON.parse(sent.special_config)).toEqual({ a: 2, b: 1 });
    expect(sent.special_config.indexOf('"a"')).toBeLessThan(sent.special_config.indexOf('"b"'));
    expect(normalizeForm(form({ click_action: ClickAction.noAction }), style()).click_url).toBe('');
  });

  it('finds the style and click action rules the form breaks', () => {
    expect(formIssues(form(), style())).toEqual([]);
    expect(
      formIssues(form({ title: 'x'.repeat(11), image_material_id: null }), style()).map((issue) => [
        issue.path,
        issue.rule,
      ]),
    ).toEqual([
      ['image_material_id', 'required'],
      ['title', 'tooLong'],
    ]);
    expect(formIssues(form(), undefined)).toEqual([]);
    const download = formIssues(form({ click_action: ClickAction.downloadApp }), style());
    expect(download.map((issue) => issue.path)).toEqual(['app_name', 'app_package']);
  });

  it('hints the size a slot asks for', () => {
    expect(sizeHint({ width: 1200, height: 628 })).toBe(
      '1200 x 628 px, or larger in the same proportions',
    );
    expect(sizeHint({ width: 0, height: 320 })).toBe('At least * x 320 px (* = any)');
    expect(sizeHint(null)).toBeUndefined();
  });

  it('puts the server’s messages on the form’s fields, in Chinese', async () => {
    await changeLanguage('zh');
    const error = new ApiError(-120, 'Some fields are not valid.', '', [
      fieldIssue('title', 'creativeRule.tooLong', { max: 30 }),
      fieldIssue('group_material_ids.2', 'creativeRule.materialMissing'),
      fieldIssue('special_config', 'creativeRule.configurationFormat'),
      fieldIssue('app_package', 'creative.package'),
      fieldIssue('deeplink_url', 'creativeRule.deeplinkScheme'),
      fieldIssue('click_monitor_urls.1', 'creativeRule.privateAddress'),
    ]);
    const translated = translatedError(error) as ApiError;
    expect(translated.fields).toEqual([
      {
        path: 'title',
        code: 'creativeRule.tooLong',
        params: { max: 30 },
        message: '此样式最多 30 个字符',
      },
      {
        path: 'group_material_ids',
        code: 'creativeRule.materialMissing',
        message: '素材库中没有这个素材',
      },
      {
        path: 'special_config',
        code: 'creativeRule.configurationFormat',
        message: '配置格式不正确',
      },
      {
        path: 'app_package',
        code: 'creative.package',
        message: '请填写包名，例如 com.example.app',
      },
      {
        path: 'deeplink_url',
        code: 'creativeRule.deeplinkScheme',
        message: CREATIVE_RULE_MESSAGES.deeplinkScheme.zh,
      },
      {
        path: 'click_monitor_urls',
        code: 'creativeRule.privateAddress',
        message: '不能指向私有或本机回环地址',
      },
    ]);
    await changeLanguage('en');
  });
});
