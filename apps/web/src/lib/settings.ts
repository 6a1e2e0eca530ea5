/**
 * The setting lists every screen reads (docs/product/api-conventions.md#after-sign-in): languages, countries, creative styles.
 * After sign-in they are reloaded in the background, silently (docs/product/api-conventions.md#after-sign-in).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { listAllCountries, listLanguages, listStyles } from '@adloom/domain';
import { endpointQuery } from './query';

const SETTINGS_STALE_MS = 10 * 60_000;

export const settingsQueries = {
  languages: () => ({ ...endpointQuery(listLanguages), staleTime: SETTINGS_STALE_MS }),
  countries: () => ({ ...endpointQuery(listAllCountries), staleTime: SETTINGS_STALE_MS }),
  styles: () => ({ ...endpointQuery(listStyles), staleTime: SETTINGS_STALE_MS }),
};

/** Reloads the three lists without a toast on failure; never throws. */
export async function reloadSettings(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [listLanguages, listAllCountries, listStyles].map((endpoint) =>
      queryClient.prefetchQuery({
        ...endpointQuery(endpoint, undefined, { silent: true }),
        staleTime: 0,
      }),
    ),
  );
}

export function useLanguages() {
  return useQuery(settingsQueries.languages());
}

export function useCountries() {
  return useQuery(settingsQueries.countries());
}

export function useStyles() {
  return useQuery(settingsQueries.styles());
}
