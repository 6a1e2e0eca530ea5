/**
 * react-query glue: one QueryClient, query keys and options derived from the endpoint
 * objects, so every feature's hooks read the same way.
 */
import { QueryClient, queryOptions } from '@tanstack/react-query';
import type { EndpointDefinition, EndpointQuery } from '@adloom/domain';
import { ApiError, NETWORK_ERROR_CODE, call } from './api';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The server answered: asking again gives the same answer. Retry lost connections once.
        retry: (failures, error) =>
          error instanceof ApiError && error.code === NETWORK_ERROR_CODE && failures < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/** The query key of an endpoint and its query: `['/svc/dashboard/summary', null]`. */
export function endpointKey<E extends EndpointDefinition>(endpoint: E, query?: EndpointQuery<E>) {
  return [endpoint.path, query ?? null] as const;
}

/** Query options reading an endpoint; `silent` loads show no toast when they fail. */
export function endpointQuery<E extends EndpointDefinition>(
  endpoint: E,
  query?: EndpointQuery<E>,
  { silent = false }: { silent?: boolean } = {},
) {
  return queryOptions({
    queryKey: endpointKey(endpoint, query),
    queryFn: ({ signal }) => call(endpoint, { query, signal, silent }),
  });
}
