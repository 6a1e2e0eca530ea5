/** The rules of a creative's content: its elements, lengths, click action and links. */
import { StyleMeta } from '../enums-settings.js';
import { ClickAction } from '../enums.js';
import {
  type CreativeElement,
  type StyleShape,
  type CreativeContent,
  GROUP_IMAGE_COUNT,
  ELEMENT_FIELDS,
  type StyleRules,
  styleRules,
} from './style.js';
import type { CreativeIssue } from './issues.js';
import { isSpecialConfig } from './special-config.js';

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
  if (!isSpecialConfig(content.special_config)) {
    issues.push({ path: 'special_config', rule: 'configurationFormat' });
  }
  return issues;
}
