/**
 * The values a filter may pick, from the lists the console already has (plans, creatives,
 * media, slots, DSPs, accounts, countries, OS, hours). A list the user may not read, or a
 * dimension without one (strategy, app version, date), takes typed values instead.
 */
import { useQuery } from '@tanstack/react-query';
import {
  Platform,
  hasAnyRole,
  listAccounts,
  listAllDsps,
  listAllMedia,
  listAllSlots,
  listCreatives,
  listPlans,
  type EndpointDefinition,
  type ReportDimensionValue,
} from '@adloom/domain';
import { useSession } from '../../../app/session';
import { currentLanguage } from '../../../lib/i18n';
import { endpointQuery } from '../../../lib/query';
import { placeLabel } from '../../../lib/placeNames';
import { useCountries } from '../../../lib/settings';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterOptions {
  /** undefined: no list, values are typed (tags). */
  options: FilterOption[] | undefined;
  loading: boolean;
  /** The list is searched by the server as one types (plans, creatives, accounts). */
  remote: boolean;
}

const LIST_SIZE = 100;

/** Which list endpoint names each dimension's values. */
const SOURCES: Partial<Record<ReportDimensionValue, EndpointDefinition>> = {
  plan: listPlans,
  creative: listCreatives,
  advertiser: listAccounts,
  media: listAllMedia,
  slot: listAllSlots,
  dsp: listAllDsps,
};

function mayRead(
  endpoint: EndpointDefinition | undefined,
  roles: Parameters<typeof hasAnyRole>[0],
) {
  if (!endpoint) return false;
  const { access } = endpoint;
  if (access === 'public' || access === 'login') return true;
  return hasAnyRole(roles, access);
}

const HOURS: FilterOption[] = Array.from({ length: 24 }, (_, hour) => ({
  value: String(hour),
  label: `${String(hour).padStart(2, '0')}:00`,
}));

export function useFilterOptions(dimension: ReportDimensionValue, keyword: string): FilterOptions {
  const { roles } = useSession();
  const lang = currentLanguage();
  const source = SOURCES[dimension];
  const readable = mayRead(source, roles);
  const search = keyword.trim() ? { keyword: keyword.trim() } : {};
  const countries = useCountries();

  const plans = useQuery({
    ...endpointQuery(listPlans, { page: 1, size: LIST_SIZE, ...search }, { silent: true }),
    enabled: dimension === 'plan' && readable,
  });
  const creatives = useQuery({
    ...endpointQuery(listCreatives, { page: 1, size: LIST_SIZE, ...search }, { silent: true }),
    enabled: dimension === 'creative' && readable,
  });
  const accounts = useQuery({
    ...endpointQuery(listAccounts, { page: 1, size: LIST_SIZE, ...search }, { silent: true }),
    enabled: dimension === 'advertiser' && readable,
  });
  const media = useQuery({
    ...endpointQuery(listAllMedia, undefined, { silent: true }),
    enabled: dimension === 'media' && readable,
  });
  const slots = useQuery({
    ...endpointQuery(listAllSlots, undefined, { silent: true }),
    enabled: dimension === 'slot' && readable,
  });
  const dsps = useQuery({
    ...endpointQuery(listAllDsps, undefined, { silent: true }),
    enabled: dimension === 'dsp' && readable,
  });

  const fixed = (options: FilterOption[] | undefined, loading = false): FilterOptions => ({
    options,
    loading,
    remote: false,
  });
  const named = (
    query: { data?: readonly { id: number; name: string }[] | undefined; isFetching: boolean },
    remote = false,
  ): FilterOptions => ({
    options: (query.data ?? []).map((item) => ({
      value: String(item.id),
      label: `${item.name} (#${item.id})`,
    })),
    loading: query.isFetching,
    remote,
  });
  if (source && !readable) return fixed(undefined);
  switch (dimension) {
    case 'country':
      return fixed(
        (countries.data ?? []).map((country) => ({
          value: country.code.toUpperCase(),
          label: placeLabel('region', country.code.toUpperCase(), country.name, lang),
        })),
        countries.isFetching,
      );
    case 'os':
      return fixed(
        Platform.options(lang).map((option) => ({
          value: String(option.value),
          label: option.label,
        })),
      );
    case 'hour':
      return fixed(HOURS);
    case 'plan':
      return named({ data: plans.data?.list, isFetching: plans.isFetching }, true);
    case 'creative':
      return named({ data: creatives.data?.list, isFetching: creatives.isFetching }, true);
    case 'advertiser':
      return {
        options: (accounts.data?.list ?? []).map((account) => ({
          value: String(account.id),
          label: account.nickname ? `${account.nickname} (${account.username})` : account.username,
        })),
        loading: accounts.isFetching,
        remote: true,
      };
    case 'media':
      return named(media);
    case 'slot':
      return named(slots);
    case 'dsp':
      return named(dsps);
    default:
      return fixed(undefined);
  }
}
