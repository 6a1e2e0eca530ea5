import { useMediaQuery } from '../../lib/mediaQuery';

/**
 * Below Ant Design's `md` breakpoint (768 px) the console is laid out for a phone: the side
 * menu becomes a drawer. Read at once, so a phone never paints the desktop shell first.
 */
const NARROW_QUERY = '(max-width: 767.98px)';

export const useNarrowScreen = (): boolean => useMediaQuery(NARROW_QUERY);
