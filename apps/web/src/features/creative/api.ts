/**
 * The creative form and its rules as the console uses them: form values from a creative and
 * back, what a style and a click action keep, the rules of packages/domain creative-rules.ts
 * on the form, and the server's messages in the interface language.
 */
import {
  ClickAction,
  CreativeReview,
  Platform,
  canonicalSpecialConfig,
  checkCreativeContent,
  creativeIssueText,
  formatSizeLimit,
  isSpecialConfig,
  styleRules,
  type AdStyle,
  type Creative,
  type CreativeContent,
  type CreativeFields,
  type CreativeIssue,
  type SizeLimit,
} from '@adloom/domain';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api';
import { currentLanguage, i18n } from '../../lib/i18n';
import { messageText, type MessageLike } from '../../lib/messages';

/** The form's values: the contract's fields (a style not chosen yet is undefined). */
export type CreativeForm = Omit<CreativeFields, 'style_id' | 'language'> & {
  style_id: number | undefined;
  language: string;
};

export const EMPTY_FORM: CreativeForm = {
  name: '',
  style_id: undefined,
  language: 'en',
  os: Platform.all,
  title: '',
  description: '',
  icon_material_id: null,
  image_material_id: null,
  group_material_ids: [],
  video_material_id: null,
  click_action: ClickAction.openUrl,
  action_text: '',
  special_config: '',
  app_name: '',
  app_package: '',
  click_url: '',
  deeplink_url: '',
  impression_monitor_urls: [],
  click_monitor_urls: [],
};

export function formOf(creative: Creative): CreativeForm {
  return {
    name: creative.name,
    style_id: creative.style_id,
    language: creative.language,
    os: creative.os,
    title: creative.title,
    description: creative.description,
    icon_material_id: creative.icon_material_id,
    image_material_id: creative.image_material_id,
    group_material_ids: creative.group_material_ids,
    video_material_id: creative.video_material_id,
    click_action: creative.click_action,
    action_text: creative.action_text,
    special_config: creative.special_config,
    app_name: creative.app_name,
    app_package: creative.app_package,
    click_url: creative.click_url,
    deeplink_url: creative.deeplink_url,
    impression_monitor_urls: creative.impression_monitor_urls,
    click_monitor_urls: creative.click_monitor_urls,
  };
}

/** What the form holds, as the rules read it (blank for anything unset). */
export function contentOf(values: Partial<CreativeForm>): CreativeContent {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const id = (value: unknown) => (typeof value === 'number' && value > 0 ? value : null);
  return {
    title: text(values.title),
    description: text(values.description),
    icon_material_id: id(values.icon_material_id),
    image_material_id: id(values.image_material_id),
    group_material_ids: (values.group_material_ids ?? []).filter((value) => value > 0),
    video_material_id: id(values.video_material_id),
    click_action: values.click_action ?? ClickAction.openUrl,
    action_text: text(values.action_text),
    special_config: text(values.special_config),
    app_name: text(values.app_name),
    app_package: text(values.app_package),
    click_url: text(values.click_url),
    deeplink_url: text(values.deeplink_url),
  };
}

/** Which fields the form shows for a style and a click action. */
export function visibleFields(style: AdStyle | undefined, clickAction: number | undefined) {
  const rules = style ? styleRules(style) : undefined;
  const has = (element: Parameters<NonNullable<typeof rules>['elements']['has']>[0]) =>
    rules?.elements.has(element) ?? false;
  const download = clickAction === ClickAction.downloadApp;
  return {
    rules,
    title: has('title'),
    description: has('description'),
    icon: has('icon'),
    image: has('image'),
    groupImages: has('groupImages'),
    video: has('video'),
    actionText: has('actionText') && clickAction !== ClickAction.noAction,
    appName: has('appName') || download,
    appPackage: download,
    clickUrl: clickAction !== ClickAction.noAction,
    deeplink: clickAction !== ClickAction.noAction && clickAction !== ClickAction.telephone,
  };
}

/**
 * The values to send: what the style and click action do not show is cleared (a field
 * typed before switching style must not linger), texts trimmed, blank monitor links
 * dropped, the special config in its one layout.
 */
export function normalizeForm(values: CreativeForm, style: AdStyle | undefined): CreativeForm {
  const show = visibleFields(style, values.click_action);
  const keep = <T>(visible: boolean, value: T, empty: T): T => (visible ? value : empty);
  const text = (value: string | undefined) => (value ?? '').trim();
  const links = (list: string[] | undefined) =>
    (list ?? []).map((link) => (link ?? '').trim()).filter((link) => link !== '');
  const config = text(values.special_config);
  return {
    ...values,
    name: text(values.name),
    title: keep(show.title, text(values.title), ''),
    description: keep(show.description, text(values.description), ''),
    icon_material_id: keep(show.icon, values.icon_material_id ?? null, null),
    image_material_id: keep(show.image, values.image_material_id ?? null, null),
    group_material_ids: keep(show.groupImages, values.group_material_ids ?? [], []),
    video_material_id: keep(show.video, values.video_material_id ?? null, null),
    action_text: keep(show.actionText, text(values.action_text), ''),
    app_name: keep(show.appName, text(values.app_name), ''),
    app_package: keep(show.appPackage, text(values.app_package), ''),
    click_url: keep(show.clickUrl, text(values.click_url), ''),
    deeplink_url: keep(show.deeplink, text(values.deeplink_url), ''),
    special_config: isSpecialConfig(config) ? canonicalSpecialConfig(config) : config,
    impression_monitor_urls: links(values.impression_monitor_urls),
    click_monitor_urls: links(values.click_monitor_urls),
  };
}

/** The style's and click action's rules the form breaks, on their fields. */
export function formIssues(values: CreativeForm, style: AdStyle | undefined): CreativeIssue[] {
  if (!style) return [];
  return checkCreativeContent(contentOf(normalizeForm(values, style)), style);
}

/** True when the creative has been decided: a content edit sends it back to audit. */
export function isDecided(creative: Pick<Creative, 'review'> | null | undefined): boolean {
  return creative?.review === CreativeReview.approve || creative?.review === CreativeReview.reject;
}

/** The hint of an image or video slot: the size the style asks for. */
export function sizeHint(size: SizeLimit | null, t: TFunction = i18n.t): string | undefined {
  if (!size || (size.width <= 0 && size.height <= 0)) return undefined;
  const text = formatSizeLimit(size);
  return size.width > 0 && size.height > 0
    ? t('creative.form.sizeHint', { size: text })
    : t('creative.form.minSizeHint', { size: text });
}

/** A message of the creative rules, the contract or docs/product/messages-and-codes.md#form-messages in the interface language. */
export function creativeText(message: MessageLike, _t?: TFunction): string {
  return messageText(message);
}

export function issueMessage(issue: CreativeIssue): string {
  return creativeIssueText(issue, currentLanguage());
}

/**
 * A server error with its field messages translated and its paths on the form's fields (a
 * group image or a monitor link is reported on its list).
 */
export function translatedError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.fields.length === 0) return error;
  const fields = error.fields.map((issue) => ({
    ...issue,
    path: issue.path.replace(/^(group_material_ids|\w+_monitor_urls)\.\d+$/, '$1'),
    message: creativeText(issue),
  }));
  return new ApiError(error.code, error.message, error.msg, fields);
}

export const REVIEW_COLORS: Record<string, string> = {
  pending: 'gold',
  underAudit: 'processing',
  approved: 'success',
  failed: 'error',
};

export const SHELF_COLORS: Record<string, string> = {
  normal: 'green',
  inactive: 'default',
  deleted: 'red',
};
