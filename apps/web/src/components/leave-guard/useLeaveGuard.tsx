/**
 * The unsaved-changes guard of one form: compares the form's values with those it was filled
 * with (or last saved), asks before the page is left through the console's provider, and asks
 * before a dialog holding changes is closed (Esc, ×, Cancel, a click on the mask).
 */
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Modal, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRegisterDirtyCheck } from './LeaveGuardProvider';

/** JSON with object keys sorted, so two equal stores compare equal whatever their order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      const plain = inner as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(plain)
          .sort()
          .filter((key) => plain[key] !== undefined)
          .map((key) => [key, plain[key]]),
      );
    }
    return inner;
  });
}

export interface LeaveGuard {
  /** Whether the form now differs from what it was filled with or last saved. */
  isDirty(): boolean;
  /** Takes the form's current values as the saved ones (after filling or saving). */
  markSaved(): void;
  /** Resolves true when the form may be closed: nothing changed, or the person said leave. */
  confirmDiscard(): Promise<boolean>;
  /** The confirmation dialog; render it once. */
  holder: ReactNode;
}

/**
 * `active` false (a closed dialog) never asks. The first values seen are taken as saved,
 * unless `markSaved` is called before.
 */
export function useLeaveGuard(form: FormInstance, { active = true } = {}): LeaveGuard {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const saved = useRef<string | null>(null);
  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);

  const current = useCallback(() => stableJson(form.getFieldsValue(true)), [form]);
  const markSaved = useCallback(() => {
    saved.current = current();
  }, [current]);
  const isDirty = useCallback(() => {
    // Untouched, the form holds only what the page put in it (filled or normalised values).
    if (!activeRef.current || !form.isFieldsTouched()) return false;
    saved.current ??= current();
    return current() !== saved.current;
  }, [current, form]);

  // The parent's effect runs after the form's first render: the store holds its initial values.
  useEffect(() => {
    saved.current ??= current();
  }, [current]);
  useRegisterDirtyCheck(isDirty);

  const confirmDiscard = useCallback(async () => {
    if (!isDirty()) return true;
    const leave = await modal.confirm({
      title: t('change.discardTitle'),
      content: t('change.discardBody'),
      okText: t('change.discard'),
      okButtonProps: { danger: true },
      cancelText: t('change.stay'),
      zIndex: 1200,
    });
    return leave === true;
  }, [isDirty, modal, t]);

  return { isDirty, markSaved, confirmDiscard, holder };
}
