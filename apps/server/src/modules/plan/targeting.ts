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

/** Looks up which of a rule's values exist; null for free entry (any well-formed value). */
type KnownLookup = (
  db: Database,
  values: string[],
  rules: readonly TargetingRule[],
) => Known | Promise<Known>;

const codesIn =
  (codes: ReadonlySet<string>): Known =>
  (value) =>
    codes.has(value);

/**
 * The existence check of each dimension. A Record over every key: a new targeting key does
 * not compile until it says whether its values are looked up.
 */
const KNOWN_VALUES: Record<OrientationKeyValue, KnownLookup | null> = {
  country: async (db, values) => codesIn(await lookup.activeCountryCodes(db, values)),
  os: () => enumValue(Platform),
  network: () => enumValue(Network),
  deviceType: () => enumValue(DeviceType),
  brand: async (db, values) => codesIn(await lookup.activeBrandCodes(db, values)),
  model: async (db, values, rules) => {
    const brandRule = rules.find((other) => other.key === 'brand' && other.mode === 'include');
    return codesIn(
      await lookup.activeModelCodes(
        db,
        values,
        brandRule ? brandRule.values.filter(Boolean) : undefined,
      ),
    );
  },
  slot: async (db, values) =>
    codesIn(
      await lookup.existingSlotIds(
        db,
        values
          .map(Number)
          .filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647),
      ),
    ),
  audience: async (db) => codesIn(await lookup.activeAudienceCodes(db)),
  uid: null,
  appVersion: null,
  oaid: null,
  imei: null,
  idfa: null,
  pkg: null,
  osv: null,
  siteDomain: null,
};

async function knownValues(
  db: Database,
  rule: TargetingRule,
  rules: readonly TargetingRule[],
): Promise<Known | undefined> {
  const key = rule.key as OrientationKeyValue;
  const check = Object.hasOwn(KNOWN_VALUES, key) ? KNOWN_VALUES[key] : null;
  return check ? check(db, rule.values.filter(Boolean), rules) : undefined;
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
