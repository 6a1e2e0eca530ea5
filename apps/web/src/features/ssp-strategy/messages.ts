/**
 * The messages of the SSP strategy form in the interface language: every one a catalogue
 * code (docs/product/messages-and-codes.md#form-messages and the strategy contract's own) shown through lib/messages.ts.
 */
import { messageText, type MessageLike } from '../../lib/messages';

/** A message of the strategy contract or the server, in the interface language. */
export function strategyMessageText(message: MessageLike): string {
  return messageText(message);
}
