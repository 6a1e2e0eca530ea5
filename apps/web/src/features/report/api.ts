/** The report engine's endpoint as react-query hooks. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryReport, type ReportQuery } from '@adloom/domain';
import { call } from '../../lib/api';

/** Report answers change only as traffic arrives: a minute of cache is plenty. */
const REPORT_STALE_MS = 60_000;

/**
 * One report request. The previous answer stays on screen while the next loads (paging,
 * sorting, a picker change) so the table does not flash. Failures show in place, no toast.
 */
export function useReportQuery(query: ReportQuery | undefined) {
  return useQuery({
    queryKey: [queryReport.path, query ?? null] as const,
    queryFn: ({ signal }) =>
      call(queryReport, { body: query as ReportQuery, signal, silent: true }),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
    staleTime: REPORT_STALE_MS,
  });
}
