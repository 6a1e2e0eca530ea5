/**
 * A component of antd (or one built on it) loaded when it is first rendered, inside the
 * console's antd theme: the console shell and the dashboard's first screen are plain markup,
 * so that their first paint waits for no antd (docs/decisions/dashboard-first-load.md), and
 * their menus, dropdowns, drawers and tooltips bring it with them.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export function lazyWithAntd<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const [{ AntdTheme }, Component] = await Promise.all([import('./AntdProvider'), load()]);
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
