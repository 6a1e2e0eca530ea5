/**
 * Saving the creative form: a new creative is created at once; an edit goes through the note
 * prompt and sends only what changed. Server errors land on their fields.
 */
import { useState } from 'react';
import type { FormInstance } from 'antd';
import {
  createCreative,
  modifyCreative,
  type AdStyle,
  type Creative,
  type EndpointBody,
} from '@adloom/domain';
import { call } from '../../../lib/api';
import { reportFormError } from '../../../lib/formErrors';
import { useNotedWrite } from '../../changes/useNotedWrite';
import { formOf, normalizeForm, translatedError, type CreativeForm } from '../api';

export function useCreativeSubmit({
  form,
  creative,
  style,
  markSaved,
  onSaved,
}: {
  form: FormInstance<CreativeForm>;
  /** The creative edited; null creates one. */
  creative: Creative | null;
  style: AdStyle | undefined;
  markSaved(): void;
  onSaved(creative: Creative): Promise<void> | void;
}) {
  const noted = useNotedWrite();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const body = normalizeForm(form.getFieldsValue(true) as CreativeForm, style);
    setSaving(true);
    try {
      if (creative) {
        const result = await noted.write({
          targetType: 'creative',
          method: 'modify',
          target: creative.id,
          before: { ...formOf(creative) },
          after: { ...body },
          form,
          send: (changes) =>
            call(modifyCreative, {
              body: changes as EndpointBody<typeof modifyCreative>,
              silent: true,
            }).catch((error: unknown) => {
              throw translatedError(error);
            }),
        });
        if (result.status === 'done') {
          markSaved();
          await onSaved(result.data);
        }
      } else {
        try {
          const made = await call(createCreative, {
            body: body as EndpointBody<typeof createCreative>,
            silent: true,
          });
          markSaved();
          await onSaved(made);
        } catch (error) {
          reportFormError(form, translatedError(error));
        }
      }
    } finally {
      setSaving(false);
    }
  };

  return { save, saving: saving || noted.pending, holder: noted.holder };
}
