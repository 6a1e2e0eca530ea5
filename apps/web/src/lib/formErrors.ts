import type { FormInstance } from 'antd';
import { ResponseCode } from '@adloom/domain';
import { ABORTED_CODE, ApiError } from './api';
import { showError } from './toast';
import { messageText } from './messages';

/**
 * Puts the field issues of a validation error (-120, `data.fields`) on the form fields they
 * name, each in the interface language through its code (lib/messages.ts). Returns true when at least one issue found its field.
 */
export function applyFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.fields.length === 0) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) ?? {}));
  const fields = error.fields
    .filter((issue) => known.has(issue.path.split('.')[0] ?? ''))
    .map((issue) => ({
      name: issue.path.split('.'),
      errors: [messageText(issue)],
    }));
  form.setFields(fields);
  return fields.length > 0;
}

/**
 * The failure of a form submitted with a silent call: field issues go on their fields,
 * anything else becomes the usual toast (-100 and -110 have already left the page).
 */
export function reportFormError(form: FormInstance, error: unknown): void {
  if (applyFieldErrors(form, error)) return;
  if (error instanceof ApiError) {
    const handled: number[] = [ResponseCode.noLogin, ResponseCode.noAuthority, ABORTED_CODE];
    if (!handled.includes(error.code)) showError(error.message);
  } else {
    showError(String(error));
  }
}
