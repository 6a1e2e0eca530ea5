/**
 * The creative form's validation: each field checked against the shared schema, the chosen
 * style and click action, and the fit of the materials it names.
 */
import type { FormInstance, FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  ELEMENT_FIELDS,
  ZCreativeFields,
  materialIssue,
  styleRules,
  type AdStyle,
  type CreativeAsset,
  type Material,
  type MaterialElement,
} from '@adloom/domain';
import { issueText } from '../../../lib/zodRule';
import { isRequiredField } from '../../../lib/zodRule';
import { creativeText, formIssues, issueMessage, type CreativeForm } from '../api';
import { useMaterial } from './materials';

export const toAsset = (material: Material | undefined): CreativeAsset[] =>
  material
    ? [
        {
          id: material.id,
          kind: material.kind,
          url: material.url,
          thumbnail_url: material.thumbnail_url,
          width: material.width,
          height: material.height,
        },
      ]
    : [];

/** The materials the form names, loaded for the preview and the size checks. */
export function useFormMaterials(values: Partial<CreativeForm>) {
  const group = values.group_material_ids ?? [];
  const icon = useMaterial(values.icon_material_id);
  const image = useMaterial(values.image_material_id);
  const video = useMaterial(values.video_material_id);
  const first = useMaterial(group[0]);
  const second = useMaterial(group[1]);
  const third = useMaterial(group[2]);
  const loaded = [icon, image, video, first, second, third].flatMap((query) =>
    query.data ? [query.data] : [],
  );
  return new Map(loaded.map((material) => [material.id, material]));
}

export const MATERIAL_FIELDS: Partial<Record<keyof CreativeForm, MaterialElement>> = {
  icon_material_id: 'icon',
  image_material_id: 'image',
  video_material_id: 'video',
  group_material_ids: 'groupImages',
};

/** The rules of one field: its schema, the style and click action, the materials' fit. */
export function useFieldRules(
  form: FormInstance<CreativeForm>,
  style: AdStyle | undefined,
  materials: Map<number, Material>,
) {
  const { t } = useTranslation();
  // What the chosen style cannot do without (its type's element, a shown title).
  const styleNeeds = new Set<string>(
    style ? [...styleRules(style).required].map((element) => ELEMENT_FIELDS[element]) : [],
  );
  return (field: keyof CreativeForm): FormRule[] => [
    {
      // Drives antd's required mark only: with a validator, the validator alone decides.
      required:
        field === 'style_id' || styleNeeds.has(field) || isRequiredField(ZCreativeFields, field),
      validator: async (_rule, value: unknown) => {
        const values = { ...(form.getFieldsValue(true) as CreativeForm), [field]: value };
        if (field === 'style_id') {
          if (typeof value !== 'number') throw new Error(t('creative.form.chooseStyle'));
          return;
        }
        const parsed = ZCreativeFields.safeParse({ ...values, style_id: 1 });
        const schemaIssue = parsed.error?.issues.find((issue) => issue.path[0] === field);
        if (schemaIssue) {
          const text = issueText(schemaIssue);
          throw new Error(text === schemaIssue.message ? creativeText(text, t) : text);
        }
        const issue = formIssues(values, style).find((candidate) => candidate.path === field);
        if (issue) throw new Error(issueMessage(issue));
        const element = MATERIAL_FIELDS[field];
        if (element && style) {
          const ids = Array.isArray(value) ? (value as number[]) : [value];
          for (const id of ids) {
            const material = typeof id === 'number' ? materials.get(id) : undefined;
            if (!material) continue;
            const problem = materialIssue(element, material, style);
            if (problem) throw new Error(issueMessage({ path: field, ...problem }));
          }
        }
      },
    },
  ];
}

/** What one field's rules are built by: the validator above, bound to the form. */
export type FieldRules = ReturnType<typeof useFieldRules>;
