/** A broken creative rule: its catalogue code, the field it names, its text. */
import type { InterfaceLanguage } from '../labels.js';
import { messageText, type CreativeRule, type MessageCode } from '../messages.js';

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
