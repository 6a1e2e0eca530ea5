import { describe, expect, it } from 'vitest';
import { fixTableAccessibility } from './tableA11y';

function render(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('fixTableAccessibility', () => {
  it('makes the measure row inert, so its copied checkbox takes no focus', () => {
    const root = render(
      '<table><tbody><tr aria-hidden="true" class="ant-table-measure-row"><td><input type="checkbox" aria-label="Select all"></td></tr><tr><td><input type="checkbox"></td></tr></tbody></table>',
    );
    fixTableAccessibility(root);
    const [measure, row] = root.querySelectorAll('tr');
    expect(measure?.hasAttribute('inert')).toBe(true);
    expect(row?.hasAttribute('inert')).toBe(false);
  });

  it('puts a sideways-scrolling table in the tab order, and only such a table', () => {
    const root = render(
      '<div class="ant-table ant-table-scroll-horizontal"><div class="ant-table-content" id="wide"></div></div>' +
        '<div class="ant-table"><div class="ant-table-content" id="narrow"></div></div>',
    );
    fixTableAccessibility(root);
    expect(root.querySelector('#wide')?.getAttribute('tabindex')).toBe('0');
    expect(root.querySelector('#narrow')?.hasAttribute('tabindex')).toBe(false);
  });
});
