/**
 * The messages plan and strategy forms show, in the interface language: spec §5 messages
 * and the custom schema messages through lib/zodRule, plus the plan schema's own messages
 * (packages/domain contracts/plan.ts). messages.test.ts parses the schemas, so a renamed
 * message fails a test instead of showing untranslated.
 */
import type { z } from 'zod';
import {
  AD_MESSAGES,
  AUDIENCE_NEEDS_ADVANCED,
  ResponseCode,
  type FieldIssue,
} from '@adloom/domain';
import { ABORTED_CODE, ApiError, errorText } from '../../lib/api';
import { currentLanguage, i18n } from '../../lib/i18n';
import { showError } from '../../lib/toast';
import { issueText, knownMessageText } from '../../lib/zodRule';

export const PLAN_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'Pick at least one hour of the week': 'plan.validation.scheduleEmpty',
  'Give the hours of all seven weekdays, Monday first': 'plan.validation.scheduleDays',
  'Unknown billing': 'plan.validation.billing',
  'Must be after the start': 'plan.validation.endAfterStart',
  'Give the interval the frequency counts over': 'plan.validation.intervalNeeded',
  [AUDIENCE_NEEDS_ADVANCED]: 'plan.validation.audienceNeedsAdvanced',
};

/** A message of the plan contract or the server in the interface language. */
export function planMessageText(message: string): string {
  const known = knownMessageText(message);
  if (known) return known;
  const key = PLAN_MESSAGE_KEYS[message];
  return key ? i18n.t(key) : message;
}

/** The text of one zod issue of a plan or strategy schema. */
export function planIssueText(issue: z.core.$ZodIssue): string {
  const key = PLAN_MESSAGE_KEYS[issue.message];
  return key ? i18n.t(key) : issueText(issue);
}

/**
 * What a refused write says: the server's spec §5 message translated ('Follow the prompts
 * before performing this operation'), else the catalogue text of its code.
 */
export function refusalText(error: unknown): string {
  if (!(error instanceof ApiError)) return String(error);
  const lang = currentLanguage();
  const headline = error.msg.replace(/^[\w.]+: /, '');
  return knownMessageText(headline) ?? errorText(error, lang);
}

/** The spec §5 'follow the prompts' message in the interface language. */
export function followPromptsText(): string {
  return AD_MESSAGES.followPrompts[currentLanguage()];
}

/** Codes the api client has acted on already (sign-in again, access denied, cancelled). */
const HANDLED: readonly number[] = [ResponseCode.noLogin, ResponseCode.noAuthority, ABORTED_CODE];

/**
 * Reports a refused plan or strategy write: `place` puts field issues on a form and answers
 * the ones it could not place; those and anything else become a toast in the interface
 * language.
 */
export function reportPlanError(
  error: unknown,
  place?: (issues: FieldIssue[]) => FieldIssue[],
): void {
  if (error instanceof ApiError) {
    if (HANDLED.includes(error.code)) return;
    if (error.fields.length > 0) {
      const rest = place ? place(error.fields) : error.fields;
      if (rest.length === 0) return;
      const details = [...new Set(rest.map((issue) => planMessageText(issue.message)))];
      showError(`${refusalText(error)} ${details.join(' ')}`);
      return;
    }
  }
  showError(refusalText(error));
}

/**
 * The send of a noted write that reports its own refusal (`report`), so the noted write
 * does not toast it a second time: the error goes on as a cancelled call.
 */
export function reportedOnce<T>(
  promise: Promise<T>,
  report: (error: unknown) => void = reportPlanError,
): Promise<T> {
  return promise.catch((error: unknown) => {
    report(error);
    throw new ApiError(ABORTED_CODE, 'reported');
  });
}
