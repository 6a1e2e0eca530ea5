/**
 * A component of antd (or one built on it) loaded when it is first rendered, inside the
 * console's antd theme: the console shell and the dashboard's first screen are plain markup,
 * so that their first paint waits for no antd (docs/decisions/dashboard-first-load.md), and
 * their menus, dropdowns, drawers and tooltips bring it with them, and the texts the entry
 * leaves out.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadAllTexts } from '../lib/i18n';

export function lazyWithAntd<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const [{ AntdTheme }, Component] = await Promise.all([
      import('./AntdProvider'),
      load(),
      loadAllTexts(),
    ]);
    function WithAntd(props: P) {
      return (
        <AntdTheme>
          <Component {...props} />
        </AntdTheme>
      );
    }
    return { default: WithAntd };
  });
}
