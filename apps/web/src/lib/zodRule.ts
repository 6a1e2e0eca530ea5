/**
 * Ant Design form rules from the shared zod schemas, so a form checks exactly what the
 * server checks (one source of truth for every limit). The whole form is parsed so that
 * cross-field refinements (passwords typed twice) land on the field they name.
 */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import {
  ERROR_MESSAGES,
  adMessageText,
  inputMessageText,
  passwordMessageText,
} from '@adloom/domain';
import { currentLanguage, i18n } from './i18n';

/**
 * The custom messages of the domain schemas and their i18n keys. zodRule.test.ts parses the
 * domain schemas so a renamed message fails the test instead of showing untranslated.
 */
export const CUSTOM_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'Only letters, digits and _ . @ -': 'validation.usernameChars',
  'Must be an http(s) address': 'validation.httpUrl',
  'The two passwords do not match': 'validation.passwordMismatch',
  'The new password must differ from the old one': 'validation.passwordUnchanged',
  'Please note something': 'validation.noteRequired',
  'Write an amount such as 125.50 (at most 6 decimals)': 'validation.amountFormat',
  'At most 100,000,000 at a time': 'validation.amountTooLarge',
  'Must be more than 0': 'validation.amountPositive',
};

/**
 * A message the domain writes in English (a spec §5 message of packages/domain
 * ad-messages.ts, an input rule's message of contracts/input.ts, or a custom schema message)
 * in the interface language; undefined when it is none. Serves zod issues and the server's
 * field issues alike.
 */
export function knownMessageText(message: string, t: TFunction = i18n.t): string | undefined {
  const lang = currentLanguage();
  const spec =
    adMessageText(message, lang) ??
    inputMessageText(message, lang) ??
    passwordMessageText(message, lang);
  if (spec) return spec;
  // A catalogue message put on a field ("Exists, don't duplicate." on a media's name).
  const catalogued = Object.values(ERROR_MESSAGES).find((label) => label.en === message);
  if (catalogued) return catalogued[lang];
  const key = CUSTOM_MESSAGE_KEYS[message];
  return key ? t(key) : undefined;
}

/** The text shown for one zod issue, in the interface language. */
export function issueText(issue: z.core.$ZodIssue, t: TFunction = i18n.t): string {
  const known = knownMessageText(issue.message, t);
  if (known) return known;
  if (issue.code === 'too_small' && issue.origin === 'string') {
    const min = Number(issue.minimum);
    return min <= 1 ? t('validation.required') : t('validation.tooShort', { min });
  }
  if (issue.code === 'too_big' && issue.origin === 'string') {
    return t('validation.tooLong', { max: Number(issue.maximum) });
  }
  // Anything else: zod's own message, in the locale the language switch set (z.config).
  return issue.message;
}

/** The first problem the schema finds with `field` in `values`, or undefined. */
export function fieldProblem(
  schema: z.ZodType,
  field: string,
  values: Record<string, unknown>,
  t?: TFunction,
): string | undefined {
  const result = schema.safeParse(values);
  if (result.success) return undefined;
  const issue = result.error.issues.find((candidate) => candidate.path[0] === field);
  return issue ? issueText(issue, t) : undefined;
}

/** An antd rule checking `field` with the form schema `schema`. */
export function zodRule(schema: z.ZodType, field: string): FormRule {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      const values: Record<string, unknown> = {};
      for (const [name, current] of Object.entries(form.getFieldsValue(true) ?? {})) {
        values[name] = current ?? '';
      }
      values[field] = value ?? '';
      const problem = fieldProblem(schema, field, values);
      if (problem) throw new Error(problem);
    },
  });
}
