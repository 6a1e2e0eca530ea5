import { useQuery } from '@tanstack/react-query';
import { dashboardSummary } from '@adloom/domain';
import { endpointQuery } from '../../lib/query';

/** The cards and the 30-day trend of the acting user. */
export function useDashboardSummary() {
  return useQuery(endpointQuery(dashboardSummary));
}
