/**
 * How plan and strategy forms report a refused write. Every message is a catalogue code
 * shown through lib/messages.ts (docs/decisions/messages-as-codes.md).
 */
import type { z } from 'zod';
import { ResponseCode, type FieldIssue } from '@adloom/domain';
import { ABORTED_CODE, ApiError, errorText } from '../../lib/api';
import { currentLanguage } from '../../lib/i18n';
import { messageText, type MessageLike } from '../../lib/messages';
import { issueText } from '../../lib/zodRule';
import { showError } from '../../lib/toast';

/** A message of the plan contract or the server in the interface language. */
export function planMessageText(message: MessageLike): string {
  return messageText(message);
}

/** The text of one zod issue of a plan or strategy schema. */
export function planIssueText(issue: z.core.$ZodIssue): string {
  return issueText(issue);
}

/**
 * What a refused write says: the server's message in the interface language ('Follow the
 * prompts before performing this operation'), else the catalogue text of its code.
 */
export function refusalText(error: unknown): string {
  if (!(error instanceof ApiError)) return String(error);
  return errorText(error, currentLanguage());
}

/** The docs/product/messages-and-codes.md#generic-submit-error 'follow the prompts' message in the interface language. */
export function followPromptsText(): string {
  return messageText('ad.followPrompts');
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
      const details = [...new Set(rest.map((issue) => planMessageText(issue)))];
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
