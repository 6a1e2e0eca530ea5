/**
 * Refuses common and guessable new passwords with zxcvbn-ts and its common dictionaries,
 * offline (docs/decisions/sign-in.md). The length limits are ZPassword's, checked before.
 * The dictionaries (a few MB) load on the first password set, not at start.
 */
import { AppError, PASSWORD_MIN_SCORE, type MessageCode } from '@adloom/domain';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

let checker: Promise<ZxcvbnFactory> | undefined;

function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary },
        graphs: common.adjacencyGraphs,
      }),
  );
  return checker;
}

/** The policy's objection to `password`, or undefined when it may be used. */
export async function passwordProblem(
  password: string,
  /** The account's own words (username, nickname): a password built on them is weak. */
  userInputs: readonly string[] = [],
): Promise<MessageCode | undefined> {
  const result = (await loadChecker()).check(password, [...userInputs]);
  const [only] = result.sequence;
  if (
    result.sequence.length === 1 &&
    only?.pattern === 'dictionary' &&
    only.dictionaryName !== 'userInputs'
  ) {
    return 'password.common';
  }
  return result.score < PASSWORD_MIN_SCORE ? 'password.guessable' : undefined;
}

/** Throws a validation error naming `field` when the policy refuses `password`. */
export async function assertPasswordAllowed(
  field: string,
  password: string,
  userInputs: readonly string[] = [],
): Promise<void> {
  const problem = await passwordProblem(password, userInputs);
  if (problem) throw AppError.field(field, problem);
}
