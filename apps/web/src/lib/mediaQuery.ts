import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, read from matchMedia at once (antd's Grid.useBreakpoint
 * answers only after an effect) and followed as it changes.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The user asked the system for less motion (WCAG 2.3.3): no animated dialogs or charts. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

export const usePrefersReducedMotion = (): boolean => useMediaQuery(REDUCED_MOTION_QUERY);
