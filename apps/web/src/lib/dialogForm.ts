/**
 * Keyboard behaviour of the console's form dialogs and drawers (docs/decisions/console-shell.md):
 * the first field takes the focus when the dialog opens, and Enter in a one-line field submits.
 */
import { useCallback, useRef, type KeyboardEvent } from 'react';

/** Controls a person types into or picks from, in document order. */
const FIELD_SELECTOR = [
  'input:not([type=hidden]):not([disabled]):not([readonly])',
  'textarea:not([disabled]):not([readonly])',
  '[role=combobox]:not([aria-disabled=true])',
].join(',');

/** Focuses the first field inside `container` (a dialog's body); false when there is none. */
export function focusFirstField(container: ParentNode | null | undefined): boolean {
  // A field already holds the focus (typed in before the opening animation ended): keep it.
  if (container?.contains(document.activeElement)) return false;
  const field = container?.querySelector<HTMLElement>(FIELD_SELECTOR);
  if (!field) return false;
  field.focus();
  return true;
}

/**
 * For a Modal or Drawer: put `ref` on a wrapper of its form and pass `afterOpenChange`; the
 * first field takes the focus once the dialog has opened (antd focuses the dialog itself first).
 */
export function useFirstFieldFocus() {
  const ref = useRef<HTMLDivElement>(null);
  const afterOpenChange = useCallback((opened: boolean) => {
    if (opened) focusFirstField(ref.current);
  }, []);
  return { ref, afterOpenChange };
}

/** Pickers whose Enter chooses an option rather than submitting. */
const PICKER_SELECTOR = '.ant-select, .ant-picker, .ant-cascader, .ant-mentions, .ant-tree-select';
const NOT_TYPED = new Set(['button', 'submit', 'reset', 'checkbox', 'radio', 'file', 'range']);

/**
 * True when this key press should submit the form: Enter in a one-line text field (not in a
 * text area, a picker, or while an input method is composing Chinese).
 */
export function isSubmitEnter(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' || event.shiftKey || event.altKey) return false;
  if (event.nativeEvent.isComposing || event.keyCode === 229) return false;
  const target = event.target;
  if (!(target instanceof HTMLInputElement) || NOT_TYPED.has(target.type)) return false;
  return target.closest(PICKER_SELECTOR) === null;
}
