/** Reads of the strategy panel: the strategy page, a slot's split, and the select lists. */
import { useQuery } from '@tanstack/react-query';
import {
  getSlotSplit,
  listAllDsps,
  listAllSlots,
  listSspStrategies,
  type EndpointQuery,
} from '@adloom/domain';
import { endpointQuery } from '../../lib/query';

export type StrategyListQuery = EndpointQuery<typeof listSspStrategies>;

export function useSspStrategies(query: StrategyListQuery) {
  return useQuery(endpointQuery(listSspStrategies, query, { silent: true }));
}

/** The split of one slot; idle until a slot is chosen. */
export function useSlotSplit(slotId: number | undefined) {
  return useQuery({
    ...endpointQuery(getSlotSplit, { slot_id: slotId ?? 0 }, { silent: true }),
    enabled: slotId !== undefined,
  });
}

/** Every slot within reach that is not deleted (slot selects). */
export function useAllSlots() {
  return useQuery(endpointQuery(listAllSlots, undefined, { silent: true }));
}

/** Every demand partner (allocation selects and the DSP filter). */
export function useAllDsps() {
  return useQuery(endpointQuery(listAllDsps, undefined, { silent: true }));
}
