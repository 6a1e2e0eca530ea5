import { describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES, type ConsoleRoute } from '@adloom/domain';
import { MENU_ICONS } from './menuIcons';

/** Every entry the side menu can show: groups and their visible children. */
function menuPaths(routes: readonly ConsoleRoute[]): string[] {
  return routes
    .filter((route) => !route.hidden)
    .flatMap((route) => [route.path, ...menuPaths(route.children ?? [])]);
}

describe('menu icons', () => {
  it('gives every visible menu entry an icon (a collapsed menu shows only icons)', () => {
    const missing = menuPaths(CONSOLE_ROUTES).filter((path) => MENU_ICONS[path] === undefined);
    expect(missing).toEqual([]);
  });
});
