/**
 * The messages of the SSP strategy form in the interface language: spec §5 messages and the
 * custom schema messages through lib/zodRule, the strategy contract's own messages
 * (SSP_STRATEGY_MESSAGES) and the allocation sum. messages.test.ts checks every one has a
 * text in both languages.
 */
import { SSP_STRATEGY_MESSAGES, allocationsOverSum } from '@adloom/domain';
import { i18n } from '../../lib/i18n';
import { knownMessageText } from '../../lib/zodRule';

export const STRATEGY_MESSAGE_KEYS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(SSP_STRATEGY_MESSAGES).map(([key, message]) => [
    message,
    `sspStrategy.messages.${key}`,
  ]),
);

/** A message of the strategy contract or the server, in the interface language. */
export function strategyMessageText(message: string): string {
  const known = knownMessageText(message);
  if (known) return known;
  const sum = allocationsOverSum(message);
  if (sum !== undefined) return i18n.t('sspStrategy.allocation.over', { sum });
  const key = STRATEGY_MESSAGE_KEYS[message];
  return key ? i18n.t(key) : message;
}
