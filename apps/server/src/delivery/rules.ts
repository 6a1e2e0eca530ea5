/**
 * Targeting and trigger rules ({ key, mode, values }) compiled for serving: one Set per
 * rule, checked against a request without allocating. The same semantics for a strategy's
 * targeting and an SSP strategy's triggers (docs/decisions/supply.md): an `include` rule
 * matches when the request's value is one of the values, `exclude` when it is not; a
 * request that does not carry the dimension fails an include rule and passes an exclude
 * rule; all rules must match.
 */
import type { OrientationKeyValue } from '@adloom/domain';
import type { ServeRequest } from './types.js';

export interface CompiledRule {
  key: OrientationKeyValue;
  include: boolean;
  values: ReadonlySet<string>;
}

interface StoredRule {
  key: string;
  mode: string;
  values: readonly string[];
}

export function compileRules(stored: unknown): CompiledRule[] {
  if (!Array.isArray(stored)) return [];
  return (stored as StoredRule[])
    .filter((rule) => rule && typeof rule.key === 'string' && Array.isArray(rule.values))
    .map((rule) => ({
      key: rule.key as OrientationKeyValue,
      include: rule.mode !== 'exclude',
      values: new Set(
        rule.values
          .map((value) => String(value).trim())
          .filter(Boolean)
          .map((value) =>
            rule.key === 'country'
              ? value.toUpperCase()
              : rule.key === 'siteDomain'
                ? value.toLowerCase()
                : value,
          ),
      ),
    }));
}

type ValuesReader = (request: ServeRequest) => string | readonly string[];

/**
 * The request's values on each dimension ('' and [] when it does not carry it). A Record
 * over every key: a new targeting key does not compile until it says what it reads.
 */
const VALUES_OF = {
  country: (request) => request.country,
  os: (request) => (request.os ? String(request.os) : ''),
  network: (request) => (request.network ? String(request.network) : ''),
  // The own DSP's exchange traffic is on no slot of ours (decision/exchange.ts).
  slot: (request) => (request.channel === 'dsp' ? '' : String(request.slotId)),
  uid: (request) => request.uid,
  appVersion: (request) => request.appVersion,
  oaid: (request) => request.oaid,
  imei: (request) => request.imei,
  idfa: (request) => request.idfa,
  brand: (request) => request.brand,
  model: (request) => request.model,
  pkg: (request) => request.app,
  osv: (request) => request.osv,
  audience: (request) => request.audience,
  siteDomain: (request) => request.domain ?? '',
  deviceType: (request) => (request.deviceType ? String(request.deviceType) : ''),
} satisfies Record<OrientationKeyValue, ValuesReader>;

/** A stored key no longer known (hand-edited data) is carried by no request. */
function valuesOf(request: ServeRequest, key: OrientationKeyValue): string | readonly string[] {
  return Object.hasOwn(VALUES_OF, key) ? VALUES_OF[key](request) : '';
}

/**
 * Audience values are `code` or `parent/child`; a request carrying `gender/male` also
 * matches a rule on `gender`.
 */
function audienceMatches(values: ReadonlySet<string>, carried: readonly string[]): boolean {
  return carried.some(
    (code) =>
      values.has(code) || (code.includes('/') && values.has(code.slice(0, code.indexOf('/')))),
  );
}

/** A site domain matches a listed domain or any subdomain of one (`news.example.com` → `example.com`). */
function domainMatches(values: ReadonlySet<string>, domain: string): boolean {
  let rest = domain;
  for (;;) {
    if (values.has(rest)) return true;
    const dot = rest.indexOf('.');
    if (dot < 0) return false;
    rest = rest.slice(dot + 1);
  }
}

export function ruleMatches(rule: CompiledRule, request: ServeRequest): boolean {
  const carried = valuesOf(request, rule.key);
  let hit: boolean;
  if (rule.key === 'siteDomain')
    hit = carried !== '' && domainMatches(rule.values, carried as string);
  else if (typeof carried === 'string') hit = carried !== '' && rule.values.has(carried);
  else hit = rule.key === 'audience' && audienceMatches(rule.values, carried);
  return rule.include ? hit : !hit;
}

/** The first rule the request fails, or undefined when it matches them all. */
export function firstFailingRule(
  rules: readonly CompiledRule[],
  request: ServeRequest,
): CompiledRule | undefined {
  for (const rule of rules) if (!ruleMatches(rule, request)) return rule;
  return undefined;
}

/** How a failing rule reads in a diagnosis: `country include [US, GB]`. */
export function describeRule(rule: CompiledRule): string {
  const values = [...rule.values];
  const shown = values.length > 5 ? [...values.slice(0, 5), `… ${values.length - 5} more`] : values;
  return `${rule.key} ${rule.include ? 'include' : 'exclude'} [${shown.join(', ')}]`;
}

/**
 * Whether the rules on country and OS — the dimensions a request's segment fixes — let a
 * request of that country and OS through (the other rules are left to the request).
 */
export function segmentMatches(
  rules: readonly CompiledRule[],
  country: string,
  os: number,
): boolean {
  for (const rule of rules) {
    let carried: string;
    if (rule.key === 'country') carried = country;
    else if (rule.key === 'os') carried = os ? String(os) : '';
    else continue;
    const hit = carried !== '' && rule.values.has(carried);
    if (hit !== rule.include) return false;
  }
  return true;
}
