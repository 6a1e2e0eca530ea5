import { useSyncExternalStore } from 'react';

/**
 * Below Ant Design's `md` breakpoint (768 px) the console is laid out for a phone: the side
 * menu becomes a drawer. Read from matchMedia at once, so a phone never paints the desktop
 * shell first (antd's Grid.useBreakpoint answers only after an effect).
 */
const NARROW_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isNarrow = () => window.matchMedia(NARROW_QUERY).matches;

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
