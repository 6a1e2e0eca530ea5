/**
 * The setting lists the diagnosis form picks request facts from, as the targeting editor
 * does: active countries, brands and the chosen brand's models, languages and audience
 * characteristics. The values are the codes a device or media sends.
 */
import { useQuery } from '@tanstack/react-query';
import { SimpleStatus, listAllBrands, listHuman, listModels } from '@adloom/domain';
import { endpointQuery } from '../../../lib/query';
import { usePlaceNames } from '../../../lib/placeNames';
import { useCountries, useLanguages } from '../../../lib/settings';

const LISTS_STALE_MS = 10 * 60_000;
/** The largest page the contract allows: a brand's models all at once. */
const MODELS_PAGE = 500;

export interface Choice {
  value: string;
  label: string;
}

export function useCountryChoices() {
  const countries = useCountries();
  const places = usePlaceNames();
  const options: Choice[] = (countries.data ?? [])
    .filter((country) => country.status === SimpleStatus.active)
    .map((country) => ({
      value: country.code,
      label: places.label('region', country.code, country.name),
    }));
  return { options, loading: countries.isPending };
}

export function useLanguageChoices() {
  const languages = useLanguages();
  const places = usePlaceNames();
  const options: Choice[] = (languages.data ?? []).map((language) => ({
    value: language.code,
    label: places.label('language', language.code, language.name),
  }));
  return { options, loading: languages.isPending };
}

function useBrands() {
  return useQuery({
    ...endpointQuery(listAllBrands, undefined, { silent: true }),
    staleTime: LISTS_STALE_MS,
  });
}

export function useBrandChoices() {
  const brands = useBrands();
  const options: Choice[] = (brands.data ?? [])
    .filter((brand) => brand.status === SimpleStatus.active)
    .map((brand) => ({ value: brand.code, label: `${brand.name} (${brand.code})` }));
  return { options, loading: brands.isPending };
}

/** The active models of the brand with `brandCode`; empty until a brand is chosen. */
export function useModelChoices(brandCode: string | null | undefined) {
  const brands = useBrands();
  const brand = (brands.data ?? []).find((candidate) => candidate.code === brandCode);
  const models = useQuery({
    ...endpointQuery(listModels, { brand_id: brand?.id ?? 0, size: MODELS_PAGE }, { silent: true }),
    enabled: brand !== undefined,
    staleTime: LISTS_STALE_MS,
  });
  const options: Choice[] = brand
    ? (models.data?.list ?? [])
        .filter((model) => model.status === SimpleStatus.active)
        .map((model) => ({ value: model.code, label: `${model.name} (${model.code})` }))
    : [];
  return { options, loading: brand !== undefined && models.isPending, brandChosen: !!brand };
}

export interface AudienceNode {
  value: string;
  title: string;
  children: { value: string; title: string }[];
}

/** Active characteristics as a tree; a child's code is `parent/child`, as targeting uses. */
export function useAudienceTree() {
  const tree = useQuery({
    ...endpointQuery(listHuman, undefined, { silent: true }),
    staleTime: LISTS_STALE_MS,
  });
  const treeData: AudienceNode[] = (tree.data ?? [])
    .filter((node) => node.status === SimpleStatus.active)
    .map((node) => ({
      value: node.code,
      title: node.name,
      children: node.children
        .filter((child) => child.status === SimpleStatus.active)
        .map((child) => ({ value: `${node.code}/${child.code}`, title: child.name })),
    }));
  return { treeData, loading: tree.isPending };
}
