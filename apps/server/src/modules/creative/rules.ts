/**
 * The rules a creative's fields must keep before anything is written (packages/domain
 * creative-rules.ts, the style's shape, the materials' owner, kind, state and size), each
 * failure on its field.
 */
import {
  AppError,
  creativeRuleCode,
  fieldIssue,
  ELEMENT_FIELDS,
  MATERIAL_ELEMENTS,
  SimpleStatus,
  checkCreativeContent,
  materialIssue,
  type CreativeFields,
  type FieldIssue,
  type MaterialElement,
  type StyleShape,
} from '@adloom/domain';
import type { Database } from '../../db/client.js';
import * as repo from './repo.js';
import type { MaterialRow } from './repo.js';

function styleShapeOf(style: NonNullable<Awaited<ReturnType<typeof repo.findStyle>>>): StyleShape {
  return {
    type: style.type,
    meta: style.meta,
    icon_size: style.iconSize,
    img_size: style.imgSize,
    img3_size: style.img3Size,
    video_size: style.videoSize,
    title_length: style.titleLength,
    description_length: style.descriptionLength,
  };
}

const facts = (material: MaterialRow) => ({
  kind: material.kind,
  width: material.width,
  height: material.height,
  status: material.status,
  transcode_state: material.transcodeState,
});

/**
 * Every rule `fields` breaks as a creative of `ownerId`: the style exists and is active,
 * the style's elements and limits, the click action, the special config, and each
 * material is the owner's, of the right kind, active, transcoded and of a fitting size.
 * `changed` (a modify's changed fields) limits two checks to what the edit touches: the
 * style's activity to a new style, the materials to new ones (all of them with a new
 * style), so a creative whose style or material was switched off later can still be
 * renamed or shelved.
 */
export async function fieldIssues(
  db: Database,
  fields: CreativeFields,
  ownerId: number,
  changed?: readonly string[],
): Promise<FieldIssue[]> {
  const touches = (field: string) =>
    changed === undefined || changed.includes(field) || changed.includes('style_id');
  const style = await repo.findStyle(db, fields.style_id);
  if (!style) return [fieldIssue('style_id', 'creative.styleMissing')];
  if ((changed?.includes('style_id') ?? true) && style.status !== SimpleStatus.active) {
    return [fieldIssue('style_id', 'creative.styleInactive')];
  }
  const shape = styleShapeOf(style);
  const issues = checkCreativeContent(fields, shape);
  const flagged = new Set(issues.map((issue) => issue.path));

  const slots: { element: MaterialElement; path: string; id: number }[] = [];
  for (const element of Object.keys(MATERIAL_ELEMENTS) as MaterialElement[]) {
    const field = ELEMENT_FIELDS[element];
    if (flagged.has(field) || !touches(field)) continue;
    if (element === 'groupImages') {
      fields.group_material_ids.forEach((id, index) =>
        slots.push({ element, path: `${field}.${index}`, id }),
      );
    } else {
      const id = fields[field as Exclude<typeof field, 'group_material_ids'>];
      if (typeof id === 'number') slots.push({ element, path: field, id });
    }
  }
  const owned = new Map(
    (
      await repo.findMaterials(
        db,
        slots.map((slot) => slot.id),
        ownerId,
      )
    ).map((material) => [material.id, facts(material)]),
  );
  for (const slot of slots) {
    const problem = materialIssue(slot.element, owned.get(slot.id), shape);
    if (problem) issues.push({ path: slot.path, ...problem });
  }
  return issues.map((issue) => fieldIssue(issue.path, creativeRuleCode(issue.rule), issue.params));
}

export function throwIssues(issues: FieldIssue[]): void {
  if (issues.length === 0) return;
  const first = issues[0];
  const error = AppError.fields(issues);
  if (first) error.message = `${first.path}: ${first.message}`;
  throw error;
}
