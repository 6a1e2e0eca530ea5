/**
 * Two accessibility gaps of antd's Table, closed where its DOM is made (WCAG 2.1.1 and 4.1.2,
 * the axe rules Lighthouse scores):
 * - a table that measures its columns copies the header into an aria-hidden "measure row",
 *   "Select all" checkbox included: a focusable control no assistive technology can name.
 *   The row is made inert, so nothing in it takes focus;
 * - a table wider than its card scrolls sideways in a div a keyboard cannot reach when no
 *   cell holds a control. The scroller joins the tab order, so the arrow keys scroll it.
 */
const MEASURE_ROW = 'tr.ant-table-measure-row:not([inert])';
const SIDEWAYS_SCROLLER = '.ant-table-scroll-horizontal .ant-table-content:not([tabindex])';

export function fixTableAccessibility(root: ParentNode): void {
  for (const row of root.querySelectorAll(MEASURE_ROW)) row.setAttribute('inert', '');
  for (const scroller of root.querySelectorAll(SIDEWAYS_SCROLLER)) {
    scroller.setAttribute('tabindex', '0');
  }
}

/** Keeps fixing tables as pages render them; the answer stops watching. */
export function watchTableAccessibility(root: HTMLElement = document.body): () => void {
  let queued = false;
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    // One pass per frame however many nodes a render added.
    requestAnimationFrame(() => {
      queued = false;
      fixTableAccessibility(root);
    });
  });
  observer.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['class'],
  });
  fixTableAccessibility(root);
  return () => observer.disconnect();
}
