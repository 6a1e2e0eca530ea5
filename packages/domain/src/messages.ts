/**
 * Every message a user can meet, as a stable code with its texts in English and Chinese
 * (docs/decisions/messages-as-codes.md). The server answers the code, its parameters and the
 * English text; the console shows the code's text in the interface language. Shared schemas
 * name a code as their message (`msg('plan.endAfterStart')`), and zod's own messages become
 * codes through `messageErrorMap`. A text's `{{name}}` is filled from the parameters.
 *
 * The spec's literal messages (docs/product/messages-and-codes.md#form-messages, docs/product/messages-and-codes.md#catalogue) keep the spec's English word for word.
 *
 * The texts live by area under messages/ (errors, advertising, supply, accounts, settings,
 * reports); this file joins them into the one catalogue and reads codes.
 */
import type { z } from 'zod';
import type { InterfaceLanguage } from './labels.js';
import { ERROR_MESSAGES, INPUT_MESSAGES } from './messages/errors.js';
import {
  AD_MESSAGES,
  CREATIVE_MESSAGES,
  CREATIVE_RULE_MESSAGES,
  PLAN_MESSAGES,
  UPLOAD_MESSAGES,
} from './messages/advertising.js';
import { DSP_MESSAGES, SUPPLY_MESSAGES } from './messages/supply.js';
import { FUND_MESSAGES, PASSWORD_MESSAGES } from './messages/accounts.js';
import { SETTINGS_MESSAGES } from './messages/settings.js';
import { REPORT_MESSAGES } from './messages/reports.js';
import { prefixed } from './messages/prefixed.js';

export * from './messages/errors.js';
export * from './messages/advertising.js';
export * from './messages/supply.js';
export * from './messages/accounts.js';
export * from './messages/settings.js';
export * from './messages/reports.js';
export * from './messages/prefixed.js';

/** The one catalogue: code → texts. */
export const MESSAGES = {
  ...prefixed('error', ERROR_MESSAGES),
  ...prefixed('input', INPUT_MESSAGES),
  ...prefixed('ad', AD_MESSAGES),
  ...prefixed('plan', PLAN_MESSAGES),
  ...prefixed('supply', SUPPLY_MESSAGES),
  ...prefixed('upload', UPLOAD_MESSAGES),
  ...prefixed('password', PASSWORD_MESSAGES),
  ...prefixed('creativeRule', CREATIVE_RULE_MESSAGES),
  ...prefixed('creative', CREATIVE_MESSAGES),
  ...prefixed('dsp', DSP_MESSAGES),
  ...prefixed('settings', SETTINGS_MESSAGES),
  ...prefixed('fund', FUND_MESSAGES),
  ...prefixed('report', REPORT_MESSAGES),
};
/** Every message code; the compiler checks each use. */
export type MessageCode = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

/** A message as the wire carries it: its code, its parameters, and its English text. */
export interface CodedMessage {
  code: MessageCode;
  params?: MessageParams | undefined;
}

export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(MESSAGES, value);
}

/** `{{name}}` of a text filled from `params`. */
export function fillParams(template: string, params: MessageParams | undefined): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(params?.[name] ?? ''));
}

/** The text of `code` in `lang` with its parameters filled in. */
export function messageText(
  code: MessageCode,
  lang: InterfaceLanguage = 'en',
  params?: MessageParams,
): string {
  return fillParams(MESSAGES[code][lang], params);
}

/** A schema check's message naming a code: `.regex(re, msg('settings.countryCode'))`. */
export function msg(code: MessageCode): { message: MessageCode } {
  return { message: code };
}

const LENGTH_ORIGINS = new Set(['string']);
const COUNT_ORIGINS = new Set(['array', 'set', 'file']);

function limit(value: unknown): string | number {
  return typeof value === 'bigint' ? String(value) : (value as number);
}

/**
 * The code and parameters of a zod issue: the code a schema named as its message, else ours
 * for zod's own check (`too_small` of a string of at least 1 → `input.required`, …).
 */
export function issueMessage(issue: z.core.$ZodIssue): CodedMessage {
  const params: MessageParams = {};
  if (issue.code === 'custom' && issue.params) {
    for (const [name, value] of Object.entries(issue.params)) {
      if (typeof value === 'string' || typeof value === 'number') params[name] = value;
    }
  }
  if (issue.code === 'too_small') params.min = limit(issue.minimum);
  if (issue.code === 'too_big') params.max = limit(issue.maximum);
  if (issue.code === 'unrecognized_keys') params.keys = issue.keys.join(', ');
  const named = isMessageCode(issue.message) ? issue.message : undefined;
  return {
    code: named ?? defaultCode(issue),
    ...(Object.keys(params).length > 0 ? { params } : {}),
  };
}

function defaultCode(issue: z.core.$ZodRawIssue | z.core.$ZodIssue): MessageCode {
  switch (issue.code) {
    case 'too_small': {
      const min = Number(issue.minimum);
      if (LENGTH_ORIGINS.has(issue.origin)) return min <= 1 ? 'input.required' : 'input.tooShort';
      if (COUNT_ORIGINS.has(issue.origin)) return 'input.tooFew';
      return issue.inclusive === false ? 'input.tooSmallExclusive' : 'input.tooSmall';
    }
    case 'too_big':
      if (LENGTH_ORIGINS.has(issue.origin)) return 'input.tooLong';
      if (COUNT_ORIGINS.has(issue.origin)) return 'input.tooMany';
      return issue.inclusive === false ? 'input.tooBigExclusive' : 'input.tooBig';
    case 'invalid_type':
      if (issue.expected === 'int') return 'input.notInteger';
      if (issue.expected === 'number') return 'input.notNumber';
      return issue.input === undefined || issue.input === ''
        ? 'input.required'
        : 'input.invalidType';
    case 'invalid_format':
      return issue.format === 'url' ? 'input.httpUrl' : 'input.invalidFormat';
    case 'invalid_value':
      return 'input.invalidValue';
    case 'unrecognized_keys':
      return 'input.unknownKey';
    case 'not_multiple_of':
      return 'input.notInteger';
    default:
      return 'input.invalid';
  }
}

/**
 * zod's messages replaced by our codes (`z.config({ customError: messageErrorMap })`, set by
 * the server and the console at start): an issue's message is always a catalogue code, which
 * `issueMessage` reads and each side shows in its language.
 */
export const messageErrorMap: z.core.$ZodErrorMap = (issue) => defaultCode(issue);
