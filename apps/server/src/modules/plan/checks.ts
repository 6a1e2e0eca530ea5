/**
 * The rules one strategy must keep (docs/product/messages-and-codes.md#form-messages), checked on every strategy write and again
 * over the whole plan when its creation is completed:
 * - a bid: the strategy's or the plan's must be more than 0 ('Please enter at least one
 *   correct bid price', on `bid`);
 * - supported styles: at least one, each an active style ('Please confirm the support style');
 * - languages: at least one creative language ('Need to add language');
 * - targeting values that exist (targeting.ts);
 * - creatives: each existing, not deleted, owned by the plan's owner, of one of the
 *   strategy's styles and languages ('There are unspecified creative items in a strategy',
 *   on `creative_ids.N`).
 */
import { CreativeLanguage, WideStatus, type FieldIssue, type TargetingRule } from '@adloom/domain';
import { fieldIssue } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import * as lookup from './lookup-repo.js';
import { targetingIssues, type AudienceRight } from './targeting.js';

/** The fields of a strategy the rules look at (stored or about to be). */
export interface StrategyDraft {
  bid: number | null;
  targeting: TargetingRule[];
  style_ids: number[];
  languages: string[];
  creative_ids: number[];
}

/** What the rules need of the plan. */
export interface PlanFacts {
  bid: number;
  ownerId: number;
}

export interface StrategyCheckOptions {
  /** Where the strategy's fields sit: '' for a strategy form, `strategies.1.` in a plan. */
  prefix?: string;
  audience?: AudienceRight | undefined;
}

/** The bid a strategy serves with: its own when more than 0, else the plan's. */
export function effectiveBid(strategyBid: number | null, planBid: number): number {
  return strategyBid && strategyBid > 0 ? strategyBid : planBid;
}

function bidIssues(draft: StrategyDraft, plan: PlanFacts, at: (field: string) => string) {
  return effectiveBid(draft.bid, plan.bid) > 0 ? [] : [fieldIssue(at('bid'), 'ad.bidRequired')];
}

async function styleIssues(db: Database, draft: StrategyDraft, at: (field: string) => string) {
  if (draft.style_ids.length === 0) {
    return [fieldIssue(at('style_ids'), 'ad.confirmStyle')];
  }
  const active = await lookup.activeStyleIds(db, draft.style_ids);
  return draft.style_ids.flatMap((id, index) =>
    active.has(id) ? [] : [fieldIssue(at(`style_ids.${index}`), 'ad.confirmStyle')],
  );
}

function languageIssues(draft: StrategyDraft, at: (field: string) => string) {
  if (draft.languages.length === 0) {
    return [fieldIssue(at('languages'), 'ad.needLanguage')];
  }
  return draft.languages.flatMap((language, index) =>
    CreativeLanguage.has(language) ? [] : [fieldIssue(at(`languages.${index}`), 'ad.needLanguage')],
  );
}

async function creativeIssues(
  db: Database,
  draft: StrategyDraft,
  plan: PlanFacts,
  at: (field: string) => string,
) {
  const facts = await lookup.creativeFacts(db, draft.creative_ids);
  return draft.creative_ids.flatMap((id, index) => {
    const creative = facts.get(id);
    const fits =
      creative !== undefined &&
      creative.ownerId === plan.ownerId &&
      creative.status !== WideStatus.deleted &&
      draft.style_ids.includes(creative.styleId) &&
      draft.languages.includes(creative.language);
    return fits ? [] : [fieldIssue(at(`creative_ids.${index}`), 'ad.unspecifiedCreative')];
  });
}

/** Every broken rule of one strategy, each on its path; empty when it may be saved. */
export async function strategyIssues(
  db: Database,
  draft: StrategyDraft,
  plan: PlanFacts,
  options: StrategyCheckOptions = {},
): Promise<FieldIssue[]> {
  const prefix = options.prefix ?? '';
  const at = (field: string) => `${prefix}${field}`;
  return [
    ...bidIssues(draft, plan, at),
    ...(await targetingIssues(db, draft.targeting, {
      prefix: at('targeting'),
      audience: options.audience,
    })),
    ...(await styleIssues(db, draft, at)),
    ...languageIssues(draft, at),
    ...(await creativeIssues(db, draft, plan, at)),
  ];
}
