/**
 * The targeting checks beyond format (the contract's ZTargeting checks formats): country
 * codes of active countries, OS and network values of the enums, brand codes of active
 * brands, model codes of active models (of the included brands when a brand rule includes
 * some), audience characteristics that exist (`code` or `parent/child`) — and an audience
 * rule needs advanced targeting (adManageAdvanced) of the acting user; special slots that
 * exist and are not deleted. Each unknown value is named on its path:
 * `targeting.2.values.5` 'Targeting information is wrong'.
 */
import {
  DeviceType,
  Network,
  Platform,
  type FieldIssue,
  type OrientationKeyValue,
  type TargetingRule,
  fieldIssue,
} from '@adloom/domain';
import type { Database } from '../../db/client.js';
import * as lookup from './lookup-repo.js';
import { canonicalTargeting } from './present.js';

export interface AudienceRight {
  /** The acting user holds adManageAdvanced. */
  allowed: boolean;
  /** The audience rule stored before this write: keeping it unchanged needs no right. */
  previous: TargetingRule | undefined;
}

export interface TargetingCheckOptions {
  /** The path of the rule list: `targeting`, or `strategies.1.targeting` in a plan check. */
  prefix: string;
  /** Checks the right to audience targeting; absent = not checked (completing a plan). */
  audience?: AudienceRight | undefined;
}

const enumValue =
  (values: { has(value: unknown): boolean }) =>
  (value: string): boolean =>
    value !== '0' && /^\d+$/.test(value) && values.has(Number(value));

/** The values of one rule that are known, by dimension; free-entry dimensions are all known. */
type Known = (value: string) => boolean;

const sameRule = (a: TargetingRule | undefined, b: TargetingRule | undefined): boolean =>
  JSON.stringify(a ? canonicalTargeting([a]) : null) ===
  JSON.stringify(b ? canonicalTargeting([b]) : null);

async function knownValues(
  db: Database,
  rule: TargetingRule,
  rules: readonly TargetingRule[],
): Promise<Known | undefined> {
  const values = rule.values.filter(Boolean);
  switch (rule.key as OrientationKeyValue) {
    case 'country': {
      const codes = await lookup.activeCountryCodes(db, values);
      return (value) => codes.has(value);
    }
    case 'os':
      return enumValue(Platform);
    case 'network':
      return enumValue(Network);
    case 'deviceType':
      return enumValue(DeviceType);
    case 'brand': {
      const codes = await lookup.activeBrandCodes(db, values);
      return (value) => codes.has(value);
    }
    case 'model': {
      const brandRule = rules.find((other) => other.key === 'brand' && other.mode === 'include');
      const codes = await lookup.activeModelCodes(
        db,
        values,
        brandRule ? brandRule.values.filter(Boolean) : undefined,
      );
      return (value) => codes.has(value);
    }
    case 'slot': {
      const ids = await lookup.existingSlotIds(
        db,
        values
          .map(Number)
          .filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647),
      );
      return (value) => ids.has(value);
    }
    case 'audience': {
      const codes = await lookup.activeAudienceCodes(db);
      return (value) => codes.has(value);
    }
    default:
      return undefined;
  }
}

export async function targetingIssues(
  db: Database,
  rules: readonly TargetingRule[],
  options: TargetingCheckOptions,
): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  for (const [index, rule] of rules.entries()) {
    const path = `${options.prefix}.${index}`;
    const audience = options.audience;
    if (
      rule.key === 'audience' &&
      audience &&
      !audience.allowed &&
      !sameRule(rule, audience.previous)
    ) {
      issues.push(fieldIssue(`${path}.key`, 'plan.audienceNeedsAdvanced'));
      continue;
    }
    const known = await knownValues(db, rule, rules);
    if (!known) continue;
    rule.values.forEach((value, position) => {
      if (value !== '' && !known(value)) {
        issues.push(fieldIssue(`${path}.values.${position}`, 'ad.targetingWrong'));
      }
    });
  }
  return issues;
}
