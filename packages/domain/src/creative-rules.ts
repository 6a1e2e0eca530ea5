/**
 * The rules of a creative (docs/product/advertising.md#creatives, docs/product/advertising.md#creative-review), shared by the server (which
 * enforces them) and the console (whose form follows them): which elements a style asks
 * for, title and description limits, how an image or video fits the style's sizes, what
 * each click action needs, and the audit state a creative shows. The decisions behind
 * them are in docs/decisions/creative-audit.md.
 */
import type { EnumValue } from './enum.js';
import { StyleMeta } from './enums-settings.js';
import {
  AdStyleType,
  ClickAction,
  CreativeAuditState,
  CreativeReview,
  MaterialKind,
  TranscodeState,
  WideStatus,
} from './enums.js';
import type { InterfaceLanguage } from './labels.js';
import { messageText, type CreativeRule, type MessageCode } from './messages.js';

// The deep-link rule is part of a creative's rules; exported with them.
export * from './deeplinks.js';

/** A meta element of a style (StyleMeta): title, description, icon, image, … */
export type CreativeElement = EnumValue<typeof StyleMeta>;
export type CreativeAuditStateValue = EnumValue<typeof CreativeAuditState>;

/** A width and height in pixels; 0 in either means unlimited. */
export interface SizeLimit {
  width: number;
  height: number;
}

/** What the rules read of a style (an AdStyle of the settings contract fits). */
export interface StyleShape {
  type: number;
  meta: readonly string[];
  icon_size: SizeLimit | null;
  img_size: SizeLimit | null;
  img3_size: SizeLimit | null;
  video_size: SizeLimit | null;
  /** 0 = unlimited. */
  title_length: number;
  description_length: number;
}

/** What the rules read of a creative (the form's fields, as the wire names them). */
export interface CreativeContent {
  title: string;
  description: string;
  icon_material_id: number | null;
  image_material_id: number | null;
  group_material_ids: readonly number[];
  video_material_id: number | null;
  click_action: number;
  action_text: string;
  special_config: string;
  app_name: string;
  app_package: string;
  click_url: string;
  deeplink_url: string;
}

/** Three Images shows exactly this many group images. */
export const GROUP_IMAGE_COUNT = 3;

/** How far an image's proportions may stray from the style's: 1 %. */
export const ASPECT_TOLERANCE = 0.01;

/** The form field of each meta element. */
export const ELEMENT_FIELDS = {
  title: 'title',
  description: 'description',
  icon: 'icon_material_id',
  image: 'image_material_id',
  groupImages: 'group_material_ids',
  video: 'video_material_id',
  actionText: 'action_text',
  appName: 'app_name',
} as const satisfies Record<CreativeElement, keyof CreativeContent>;

/** The elements holding materials, with the kind they hold. */
export const MATERIAL_ELEMENTS = {
  icon: MaterialKind.image,
  image: MaterialKind.image,
  groupImages: MaterialKind.image,
  video: MaterialKind.video,
} as const;
export type MaterialElement = keyof typeof MATERIAL_ELEMENTS;

/** What each style type cannot do without, whatever its meta lists. */
const TYPE_NEEDS: Record<number, readonly CreativeElement[]> = {
  [AdStyleType.text]: ['title'],
  [AdStyleType.imageOnly]: ['image'],
  [AdStyleType.smallImage]: ['image'],
  [AdStyleType.bigImage]: ['image'],
  [AdStyleType.threeImages]: ['groupImages'],
  [AdStyleType.video]: ['video'],
};

/** The rules a style sets for its creatives. */
export interface StyleRules {
  /** The elements the form shows: the style's meta plus what its type needs. */
  elements: ReadonlySet<CreativeElement>;
  /** The elements a creative must fill: what the type needs, and the title when shown. */
  required: ReadonlySet<CreativeElement>;
  /** Longest title and description in characters; 0 = unlimited. */
  titleLength: number;
  descriptionLength: number;
  /** The size each material element must fit; null = any size. */
  sizes: Record<MaterialElement, SizeLimit | null>;
}

export function styleRules(style: StyleShape): StyleRules {
  const needs = TYPE_NEEDS[style.type] ?? [];
  const meta = style.meta.filter((value): value is CreativeElement => StyleMeta.has(value));
  const elements = new Set<CreativeElement>([...meta, ...needs]);
  const required = new Set<CreativeElement>(needs);
  if (elements.has('title')) required.add('title');
  return {
    elements,
    required,
    titleLength: style.title_length,
    descriptionLength: style.description_length,
    sizes: {
      icon: style.icon_size,
      image: style.img_size,
      groupImages: style.img3_size,
      video: style.video_size,
    },
  };
}

// ---------------------------------------------------------------- messages

/** The catalogue code of a creative rule: `creativeRule.required`. */
export function creativeRuleCode(rule: CreativeRule): MessageCode {
  return `creativeRule.${rule}`;
}

/** One broken rule on one field (`group_material_ids.1` for the second group image). */
export interface CreativeIssue {
  path: string;
  rule: CreativeRule;
  params?: Record<string, string | number>;
}

/** The text of an issue in `lang`. */
export function creativeIssueText(
  issue: Pick<CreativeIssue, 'rule' | 'params'>,
  lang: InterfaceLanguage,
): string {
  return messageText(creativeRuleCode(issue.rule), lang, issue.params);
}

// ---------------------------------------------------------------- content rules

/** No whitespace or control characters anywhere: the link becomes a redirect's Location. */
const HTTP_URL = /^https?:\/\/[^\s\p{Cc}/$.?#][^\s\p{Cc}]*$/iu;
/** tel:+33 1 23 45 67 89, +8613800138000, (555) 123-4567: 5 to 20 digits. */
const PHONE = /^(tel:)?\+?[0-9 ()./-]+$/i;

export function isHttpUrl(value: string): boolean {
  return HTTP_URL.test(value.trim());
}

/**
 * Whether a stored click URL may be served (checked again at serve: rows saved before a rule
 * changed may break it): what its click action asks for, nothing else.
 */
export function isServableClickUrl(clickAction: number, clickUrl: string): boolean {
  if (clickUrl === '') return true;
  return !clickActionIssues({
    click_action: clickAction,
    click_url: clickUrl,
    app_name: 'x',
    app_package: 'x',
  }).some((issue) => issue.path === 'click_url');
}

export function isPhoneNumber(value: string): boolean {
  const text = value.trim();
  const digits = text.replace(/\D/g, '').length;
  return PHONE.test(text) && digits >= 5 && digits <= 20;
}

/** Characters as a person counts them (an emoji is one). */
export function textLength(text: string): number {
  return [...text].length;
}

function hasElement(content: CreativeContent, element: CreativeElement): boolean {
  const value = content[ELEMENT_FIELDS[element]];
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value.trim() !== '';
  return value !== null && value !== undefined;
}

/** What the click action needs (docs/product/advertising.md#click-actions): Open Url, Download App, Telephone, No Action. */
export function clickActionIssues(
  content: Pick<CreativeContent, 'click_action' | 'click_url' | 'app_name' | 'app_package'>,
): CreativeIssue[] {
  const issues: CreativeIssue[] = [];
  const url = content.click_url.trim();
  switch (content.click_action) {
    case ClickAction.noAction:
      if (url !== '') issues.push({ path: 'click_url', rule: 'noClickUrl' });
      break;
    case ClickAction.openUrl:
      if (!isHttpUrl(url)) issues.push({ path: 'click_url', rule: 'urlRequired' });
      break;
    case ClickAction.downloadApp:
      if (!isHttpUrl(url)) issues.push({ path: 'click_url', rule: 'downloadUrlRequired' });
      if (content.app_name.trim() === '')
        issues.push({ path: 'app_name', rule: 'appNameRequired' });
      if (content.app_package.trim() === '') {
        issues.push({ path: 'app_package', rule: 'appPackageRequired' });
      }
      break;
    case ClickAction.telephone:
      if (!isPhoneNumber(url)) issues.push({ path: 'click_url', rule: 'phoneRequired' });
      break;
    default:
      break;
  }
  return issues;
}

/** True when the app name may be filled: the style shows it, or the click downloads the app. */
export function allowsAppName(rules: StyleRules, clickAction: number): boolean {
  return rules.elements.has('appName') || clickAction === ClickAction.downloadApp;
}

/**
 * Every rule of the style and the click action that `content` breaks (materials are checked
 * by `materialIssue`, which needs what the ids name).
 */
export function checkCreativeContent(content: CreativeContent, style: StyleShape): CreativeIssue[] {
  const rules = styleRules(style);
  const issues: CreativeIssue[] = [];
  for (const element of StyleMeta.values) {
    const path = ELEMENT_FIELDS[element];
    const present = hasElement(content, element);
    if (element === 'groupImages') continue;
    if (element === 'appName') {
      if (present && !allowsAppName(rules, content.click_action)) {
        issues.push({ path, rule: 'notInStyle' });
      }
      continue;
    }
    if (!present && rules.required.has(element)) issues.push({ path, rule: 'required' });
    if (present && !rules.elements.has(element)) issues.push({ path, rule: 'notInStyle' });
  }

  const group = content.group_material_ids;
  if (!rules.elements.has('groupImages')) {
    if (group.length > 0) issues.push({ path: 'group_material_ids', rule: 'notInStyle' });
  } else if (group.length > 0 || rules.required.has('groupImages')) {
    if (group.length !== GROUP_IMAGE_COUNT) {
      issues.push({
        path: 'group_material_ids',
        rule: 'groupCount',
        params: { count: GROUP_IMAGE_COUNT },
      });
    } else if (new Set(group).size !== group.length) {
      issues.push({
        path: 'group_material_ids',
        rule: 'groupDistinct',
        params: { count: GROUP_IMAGE_COUNT },
      });
    }
  }

  const limits = [
    ['title', rules.titleLength],
    ['description', rules.descriptionLength],
  ] as const;
  for (const [field, max] of limits) {
    if (max > 0 && textLength(content[field].trim()) > max) {
      issues.push({ path: field, rule: 'tooLong', params: { max } });
    }
  }

  issues.push(...clickActionIssues(content));
  if (parseSpecialConfig(content.special_config) === INVALID_CONFIG) {
    issues.push({ path: 'special_config', rule: 'configurationFormat' });
  }
  return issues;
}

// ---------------------------------------------------------------- special config

const INVALID_CONFIG = Symbol('invalid special config');

/** The JSON of a special config; null for none ('' or blanks); INVALID_CONFIG when unparsable. */
export function parseSpecialConfig(text: string): unknown {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return INVALID_CONFIG;
  }
}

export function isSpecialConfig(text: string): boolean {
  return parseSpecialConfig(text) !== INVALID_CONFIG;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * The one text of a special config: keys sorted, two-space indents; '' for none. The
 * server stores the JSON and answers this text, so equal configs compare equal however
 * they were typed. Unparsable text is answered unchanged.
 */
export function canonicalSpecialConfig(value: unknown): string {
  const parsed = typeof value === 'string' ? parseSpecialConfig(value) : value;
  if (parsed === INVALID_CONFIG) return String(value);
  if (parsed === null || parsed === undefined) return '';
  return JSON.stringify(sortKeys(parsed), null, 2);
}

// ---------------------------------------------------------------- materials

/** What the rules read of a referenced material. */
export interface MaterialFacts {
  kind: string;
  width: number;
  height: number;
  status: number;
  transcode_state: number | null;
}

export function formatSizeLimit(size: SizeLimit): string {
  const side = (value: number) => (value > 0 ? String(value) : '*');
  return `${side(size.width)} x ${side(size.height)}`;
}

/**
 * Whether a material of `actual` size fits `limit`: with both sides limited, at least that
 * size in the same proportions (±1 %); with one side limited (the other 0), at least that
 * side; no limit (null, or 0 x 0), any size.
 */
export function sizeFits(limit: SizeLimit | null, actual: SizeLimit): boolean {
  if (!limit) return true;
  const { width, height } = limit;
  if (width > 0 && actual.width < width) return false;
  if (height > 0 && actual.height < height) return false;
  if (width > 0 && height > 0) {
    if (actual.height <= 0) return false;
    const wanted = width / height;
    return Math.abs(actual.width / actual.height - wanted) <= wanted * ASPECT_TOLERANCE;
  }
  return true;
}

/**
 * What is wrong with `material` in `element` of a creative of `style`; undefined when it
 * fits. `material` undefined: not found in the owner's library.
 */
export function materialIssue(
  element: MaterialElement,
  material: MaterialFacts | undefined,
  style: StyleShape,
): Omit<CreativeIssue, 'path'> | undefined {
  if (!material) return { rule: 'materialMissing' };
  const kind = MATERIAL_ELEMENTS[element];
  if (material.kind !== kind) {
    return { rule: kind === MaterialKind.video ? 'materialVideo' : 'materialImage' };
  }
  if (material.status !== WideStatus.active) return { rule: 'materialInactive' };
  if (kind === MaterialKind.video) {
    if (material.transcode_state === TranscodeState.failed) return { rule: 'videoFailed' };
    if (material.transcode_state !== TranscodeState.transcoded) return { rule: 'videoTranscoding' };
  }
  const limit = styleRules(style).sizes[element];
  if (limit && !sizeFits(limit, material)) {
    const both = limit.width > 0 && limit.height > 0;
    return {
      rule: both ? 'sizeMismatch' : 'sizeTooSmall',
      params: { size: formatSizeLimit(limit), actual: `${material.width} x ${material.height}` },
    };
  }
  return undefined;
}

// ---------------------------------------------------------------- audit states

/**
 * The review of a creative as the audit screens label it (docs/product/advertising.md#creative-review): approved (Approve 0),
 * failed (Reject 2), and for Auditing 1: pending when never reviewed, under audit when it
 * was reviewed before and came back after a content edit.
 */
export function reviewStateOf(
  review: number,
  reviewedAt: string | Date | null,
): 'pending' | 'underAudit' | 'approved' | 'failed' {
  if (review === CreativeReview.approve) return CreativeAuditState.approved;
  if (review === CreativeReview.reject) return CreativeAuditState.failed;
  return reviewedAt === null ? CreativeAuditState.pending : CreativeAuditState.underAudit;
}

/** The shelf of a creative (WideStatus) as labelled: normal, inactive (shelved), deleted. */
export function shelfStateOf(status: number): 'normal' | 'inactive' | 'deleted' {
  if (status === WideStatus.deleted) return CreativeAuditState.deleted;
  if (status === WideStatus.inactive) return CreativeAuditState.inactive;
  return CreativeAuditState.normal;
}

/**
 * The one audit state of a creative: deleted or inactive when it is off the shelf (that
 * decides whether it can serve), otherwise its review state.
 */
export function auditStateOf(creative: {
  review: number;
  status: number;
  reviewed_at: string | Date | null;
}): CreativeAuditStateValue {
  const shelf = shelfStateOf(creative.status);
  if (shelf !== CreativeAuditState.normal) return shelf;
  return reviewStateOf(creative.review, creative.reviewed_at);
}

/** The review states in the order the audit queue offers them: pending first. */
export const REVIEW_STATES = ['pending', 'underAudit', 'approved', 'failed'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
