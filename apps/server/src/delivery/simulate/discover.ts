/**
 * What `npm run simulate` learns from the running server before sending traffic, through
 * the console API (the server owns its database: PGlite cannot be opened by a second
 * process, so the simulator never opens it):
 * - the slots: signed in as a supply-side account (the demo `operator` by default), every
 *   active slot of an active media with its media's OS and app bundle;
 * - the catalog: countries with their languages, brands with their models, audience items.
 * `--slots 1,2,3` narrows the slots; with it the simulator also runs when it cannot sign in
 * (the slots' media are then unknown and the demo catalog stands in).
 */
import {
  ENDPOINTS,
  WideStatus,
  encodeCredential,
  type EndpointDefinition,
  type EndpointResponse,
} from '@adloom/domain';
import { completeCatalog, type CatalogCountry, type TrafficCatalog } from './catalog.js';
import { HttpFailure, type HttpClient } from './http-client.js';
import type { TrafficSlot } from './traffic.js';

const HEALTH_PATH = '/healthz';
const LARGEST_PAGE = 500;

/** The server answered, but not what the simulator needs (a message for the person). */
export class DiscoveryError extends Error {
  override name = 'DiscoveryError';
}

/** Throws HttpFailure (with its code) when nothing answers at the URL. */
export async function checkReachable(client: HttpClient): Promise<void> {
  await client.request(HEALTH_PATH);
}

/** A signed-in caller of the console API, answers checked against the shared contract. */
export class ConsoleApi {
  private constructor(
    private readonly client: HttpClient,
    private readonly token: string,
  ) {}

  static async signIn(client: HttpClient, username: string, password: string) {
    const login = ENDPOINTS.serviceLogin;
    const answer = await client.request(login.path, {
      method: login.method === 'POST' ? 'POST' : 'GET',
      json: { username: encodeCredential(username), password: encodeCredential(password) },
    });
    const data = unwrap(login, answer.status, answer.body);
    return new ConsoleApi(client, data.access_token);
  }

  async get<E extends EndpointDefinition>(
    endpoint: E,
    query: Record<string, string | number> = {},
  ): Promise<EndpointResponse<E>> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) search.set(name, String(value));
    const text = search.toString();
    const target = text ? `${endpoint.path}?${text}` : endpoint.path;
    const answer = await this.client.request(target, { headers: { 'x-token': this.token } });
    return unwrap(endpoint, answer.status, answer.body);
  }
}

/** The envelope's data, parsed by the endpoint's response schema; throws DiscoveryError. */
function unwrap<E extends EndpointDefinition>(
  endpoint: E,
  status: number,
  body: string,
): EndpointResponse<E> {
  let envelope: { code?: unknown; msg?: unknown; data?: unknown };
  try {
    envelope = JSON.parse(body) as typeof envelope;
  } catch {
    throw new DiscoveryError(`${endpoint.path} answered HTTP ${status} without JSON`);
  }
  if (envelope.code !== 200) {
    throw new DiscoveryError(
      `${endpoint.path} answered ${String(envelope.code)}: ${String(envelope.msg ?? '')}`,
    );
  }
  const parsed = endpoint.response.safeParse(envelope.data);
  if (!parsed.success) throw new DiscoveryError(`${endpoint.path} answered an unexpected shape`);
  return parsed.data as EndpointResponse<E>;
}

/**
 * The slots to send traffic to: every active slot of an active media, or those of `only`
 * (asked-for slots the list does not know are kept: the server will say why they do not
 * serve).
 */
export async function discoverSlots(
  api: ConsoleApi,
  only: readonly number[] | null,
): Promise<TrafficSlot[]> {
  const listed = await api.get(ENDPOINTS.listAllSlots);
  const known = new Map(listed.map((slot) => [slot.id, slot]));
  const active = listed
    .filter((slot) => slot.status === WideStatus.active && slot.media_status === WideStatus.active)
    .sort((a, b) => a.id - b.id);
  const chosen = only
    ? only.map((id) => known.get(id) ?? { id, media_id: 0, media_os: 0, media_bundle: '' })
    : active;
  return chosen.map((slot) => ({
    id: slot.id,
    mediaId: slot.media_id,
    mediaOs: slot.media_os,
    mediaBundle: slot.media_bundle,
  }));
}

/** Slots named on the command line when nothing can be learnt about them. */
export function bareSlots(ids: readonly number[]): TrafficSlot[] {
  return ids.map((id) => ({ id, mediaId: 0, mediaOs: 0, mediaBundle: '' }));
}

/** The install's settings as a traffic catalog; a part that cannot be read is the demo's. */
export async function discoverCatalog(api: ConsoleApi): Promise<TrafficCatalog> {
  const [countries, brands, audience] = await Promise.all([
    readCountries(api).catch(() => []),
    readBrands(api).catch(() => []),
    readAudience(api).catch(() => []),
  ]);
  return completeCatalog({ countries, brands, audience });
}

async function readCountries(api: ConsoleApi): Promise<CatalogCountry[]> {
  const [countries, languages] = await Promise.all([
    api.get(ENDPOINTS.listAllCountries),
    api.get(ENDPOINTS.listLanguages),
  ]);
  const code = new Map(languages.map((language) => [language.id, language.code.toLowerCase()]));
  return countries
    .filter((country) => country.status === 0)
    .map((country) => ({
      code: country.code.toUpperCase(),
      languages: [...new Set([country.lang_id, ...country.lang_list])]
        .map((id) => (id === null ? undefined : code.get(id)))
        .filter((language) => language !== undefined),
    }));
}

async function readBrands(api: ConsoleApi) {
  const brands = (await api.get(ENDPOINTS.listAllBrands)).filter((brand) => brand.status === 0);
  return Promise.all(
    brands.map(async (brand) => {
      const page = await api.get(ENDPOINTS.listModels, {
        brand_id: brand.id,
        size: LARGEST_PAGE,
        status: 0,
      });
      return { code: brand.code, models: page.list.map((model) => model.code) };
    }),
  );
}

async function readAudience(api: ConsoleApi): Promise<string[]> {
  const tree = await api.get(ENDPOINTS.listHuman);
  return tree
    .filter((item) => item.status === 0)
    .flatMap((item) =>
      item.children
        .filter((child) => child.status === 0)
        .map((child) => `${item.code}/${child.code}`),
    );
}

/** A person-readable reason the server could not be reached. */
export function unreachableMessage(url: string, error: unknown): string {
  const code = error instanceof HttpFailure ? error.code : 'ERROR';
  const detail = error instanceof Error ? error.message : String(error);
  return (
    `Cannot reach the Adloom server at ${url} (${code}: ${detail}).\n` +
    'Start it first (npm start, or npm run dev) or point --url at a running server.'
  );
}
