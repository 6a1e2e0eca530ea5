/**
 * The rules of a slot's fields against the settings (docs/product/messages-and-codes.md#form-messages), each failure on its field:
 * - supported styles: at least one, each an active style ('Please confirm the support
 *   style', on `style_ids`);
 * - the ad type, when given, exists and is active (on `ad_type_id`);
 * - each country code is an active country of the settings ('Unknown country', on
 *   `countries.N`; none = every country);
 * - a code, when given, is no other slot's (not deleted) ('Another slot has this code').
 *   The unique index catches two saves at once.
 * On a modify only what the edit adds is checked against the settings, so a slot whose
 * style or country was switched off later can still be renamed.
 */
import { type FieldIssue } from '@adloom/domain';
import { fieldIssue } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import type { SlotEditable } from './present.js';
import * as repo from './slot-repo.js';

async function styleIssues(db: Database, ids: number[], kept: readonly number[]) {
  const issue = fieldIssue('style_ids', 'ad.confirmStyle');
  if (ids.length === 0) return [issue];
  const added = ids.filter((id) => !kept.includes(id));
  const active = await repo.activeStyleIds(db, added);
  return added.every((id) => active.has(id)) ? [] : [issue];
}

async function adTypeIssues(db: Database, id: number | null) {
  if (id === null || (await repo.isActiveAdType(db, id))) return [];
  return [fieldIssue('ad_type_id', 'supply.unknownAdType')];
}

async function countryIssues(db: Database, codes: string[], kept: readonly string[]) {
  const active = await repo.activeCountryCodes(
    db,
    codes.filter((code) => !kept.includes(code)),
  );
  return codes.flatMap((code, index) =>
    kept.includes(code) || active.has(code)
      ? []
      : [fieldIssue(`countries.${index}`, 'supply.unknownCountry')],
  );
}

async function codeIssues(db: Database, code: string | null) {
  if (code === null || !(await repo.isSlotCodeTaken(db, code))) return [];
  return [fieldIssue('code', 'supply.slotCodeTaken')];
}

/**
 * Every broken rule among the fields given (absent ones are not checked). `current`: the
 * stored slot of a modify, whose styles and countries need no second check.
 */
export async function slotIssues(
  db: Database,
  fields: Partial<SlotEditable>,
  current?: SlotEditable,
): Promise<FieldIssue[]> {
  return [
    ...(fields.style_ids === undefined
      ? []
      : await styleIssues(db, fields.style_ids, current?.style_ids ?? [])),
    ...(fields.ad_type_id === undefined || fields.ad_type_id === current?.ad_type_id
      ? []
      : await adTypeIssues(db, fields.ad_type_id)),
    ...(fields.countries === undefined
      ? []
      : await countryIssues(db, fields.countries, current?.countries ?? [])),
    ...(fields.code === undefined || fields.code === current?.code
      ? []
      : await codeIssues(db, fields.code)),
  ];
}
