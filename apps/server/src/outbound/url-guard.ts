/**
 * The outbound URL guard: a demand partner's URL must not become a way into internal
 * services (SSRF). Only http(s) without credentials; the host's addresses must all be
 * public — not loopback, private, link-local, unspecified, carrier-grade NAT, multicast,
 * broadcast or reserved, nor an IPv6 form embedding such an IPv4 address — unless the
 * operator allows private networks (DSP_ALLOW_PRIVATE_NETWORKS, for testing).
 *
 * It runs twice: when a URL is saved (a field error), and when a request goes out, on the
 * address actually connected to (`guardedLookup` and `assertAllowedAddress`), so a DNS
 * answer that changes between the two (rebinding) cannot slip through.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { messageText, outboundUrlProblem, type MessageCode } from '@adloom/domain';

/** Why an address is not public. */
export type AddressClass =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'linkLocal'
  | 'sharedAddressSpace'
  | 'multicast'
  | 'broadcast'
  | 'reserved';

const CLASS_TEXT: Record<AddressClass, string> = {
  unspecified: 'an unspecified address',
  loopback: 'a loopback address',
  private: 'a private-network address',
  linkLocal: 'a link-local address',
  sharedAddressSpace: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
};

// ---------------------------------------------------------------- IPv4

/** [first address, prefix length, class], most specific first where ranges nest. */
const IPV4_RANGES: readonly [string, number, AddressClass][] = [
  ['255.255.255.255', 32, 'broadcast'],
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'sharedAddressSpace'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'linkLocal'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

function ipv4Number(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

function inIpv4Range(value: number, first: string, prefix: number): boolean {
  const size = 2 ** (32 - prefix);
  const start = ipv4Number(first);
  return value >= start && value < start + size;
}

function classifyIpv4Number(value: number): AddressClass | null {
  for (const [first, prefix, kind] of IPV4_RANGES) {
    if (inIpv4Range(value, first, prefix)) return kind;
  }
  return null;
}

// ---------------------------------------------------------------- IPv6

/** An IPv6 address as its eight 16-bit groups; undefined when it does not parse. */
export function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  // A dotted IPv4 tail (::ffff:127.0.0.1) becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    if (isIP(dotted[1]) !== 4) return undefined;
    const value = ipv4Number(dotted[1]);
    const tail = `${Math.floor(value / 65_536).toString(16)}:${(value % 65_536).toString(16)}`;
    text = text.slice(0, -dotted[1].length) + tail;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string | undefined) =>
    part
      ? part.split(':').map((group) => (/^[0-9a-f]{1,4}$/.test(group) ? parseInt(group, 16) : NaN))
      : [];
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  const groups =
    halves.length === 2
      ? [...head, ...Array<number>(8 - head.length - rest.length).fill(0), ...rest]
      : head;
  if (groups.length !== 8 || groups.some((group) => Number.isNaN(group))) return undefined;
  return groups;
}

const ipv4Of = (high: number, low: number) => high * 65_536 + low;

function classifyIpv6Groups(groups: number[]): AddressClass | null {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const leadingZeros = [g0, g1, g2, g3, g4].every((group) => group === 0);
  if (leadingZeros && g5 === 0 && g6 === 0 && g7 === 0) return 'unspecified';
  if (leadingZeros && g5 === 0 && g6 === 0 && g7 === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d) and the deprecated IPv4-compatible (::a.b.c.d) forms.
  if (leadingZeros && (g5 === 0xffff || g5 === 0)) return classifyIpv4Number(ipv4Of(g6, g7));
  // The NAT64 well-known prefix 64:ff9b::/96 reaches the embedded IPv4 address.
  if (g0 === 0x64 && g1 === 0xff9b && [g2, g3, g4, g5].every((group) => group === 0)) {
    return classifyIpv4Number(ipv4Of(g6, g7));
  }
  // 6to4 (2002::/16) carries an IPv4 address in its next 32 bits.
  if (g0 === 0x2002) return classifyIpv4Number(ipv4Of(g1, g2));
  if ((g0 & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return 'linkLocal'; // fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return 'private'; // fec0::/10 site-local (deprecated)
  if ((g0 & 0xff00) === 0xff00) return 'multicast'; // ff00::/8
  if (g0 === 0x100 && g1 === 0 && g2 === 0 && g3 === 0) return 'reserved'; // 100::/64 discard
  if (g0 === 0x2001 && g1 === 0xdb8) return 'reserved'; // 2001:db8::/32 documentation
  return null;
}

// ---------------------------------------------------------------- classification

/**
 * Why an IP address is not a public one, or null when it is. Anything that is not an IP
 * address at all is 'reserved' (never connect to what cannot be classified).
 */
export function classifyAddress(address: string): AddressClass | null {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const version = isIP(bare.split('%')[0] ?? '');
  if (version === 4) return classifyIpv4Number(ipv4Number(bare));
  if (version === 6) {
    const groups = ipv6Groups(bare);
    return groups ? classifyIpv6Groups(groups) : 'reserved';
  }
  return 'reserved';
}

/** Host names that always mean this machine (RFC 6761), whatever DNS says. */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** A refused outbound connection: why, and which address. */
export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
  readonly code = 'ERR_OUTBOUND_REFUSED';
  constructor(
    readonly address: string,
    readonly kind: AddressClass,
  ) {
    super(
      `Refused: ${address} is ${CLASS_TEXT[kind]} (private networks are not allowed; ` +
        'the operator setting DSP_ALLOW_PRIVATE_NETWORKS allows them for testing)',
    );
  }
}

/** Throws OutboundRefusedError unless `address` may be connected to. */
/**
 * Why a URL whose host is an address literal may not be reached (a literal is never looked
 * up, so it is checked before anything is sent); undefined for a name or an allowed address.
 */
export function refusedAddressLiteral(target: URL, allowPrivate: boolean): string | undefined {
  const literal = target.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!isIP(literal)) return undefined;
  try {
    assertAllowedAddress(literal, allowPrivate);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export function assertAllowedAddress(address: string, allowPrivate: boolean): void {
  if (allowPrivate) return;
  const kind = classifyAddress(address);
  if (kind) throw new OutboundRefusedError(address, kind);
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** dns.lookup of every address (as the connection would), at most `timeoutMs`. */
export function systemResolver(timeoutMs = 2_000): Resolver {
  return (hostname) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`DNS lookup of ${hostname} timed out`)),
        timeoutMs,
      );
      dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve(addresses);
      });
    });
}

export type UrlVerdict =
  | { ok: true; addresses: string[]; resolved: boolean }
  | { ok: false; code: MessageCode; message: string; detail: string };

export interface GuardOptions {
  allowPrivate: boolean;
  resolve?: Resolver;
}

/**
 * The save-time check of an outbound URL. `message` is the field message; `detail` names
 * the address. A host name that does not resolve (yet) is accepted — the request-time
 * check decides on the address it actually connects to.
 */
export async function checkOutboundUrl(value: string, options: GuardOptions): Promise<UrlVerdict> {
  const problem = outboundUrlProblem(value);
  if (problem)
    return {
      ok: false,
      code: problem,
      message: messageText(problem),
      detail: messageText(problem),
    };
  const hostname = new URL(value).hostname;
  const refuse = (address: string, kind: AddressClass): UrlVerdict => ({
    ok: false,
    code: 'dsp.privateAddress',
    message: messageText('dsp.privateAddress'),
    detail: new OutboundRefusedError(address, kind).message,
  });
  const literal = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (isIP(literal)) {
    const kind = options.allowPrivate ? null : classifyAddress(literal);
    return kind ? refuse(literal, kind) : { ok: true, addresses: [literal], resolved: true };
  }
  if (isLocalhostName(hostname) && !options.allowPrivate) return refuse(hostname, 'loopback');
  let addresses: LookupAddress[];
  try {
    addresses = await (options.resolve ?? systemResolver())(hostname);
  } catch {
    return { ok: true, addresses: [], resolved: false };
  }
  if (!options.allowPrivate) {
    for (const { address } of addresses) {
      const kind = classifyAddress(address);
      if (kind) return refuse(address, kind);
    }
  }
  return { ok: true, addresses: addresses.map((entry) => entry.address), resolved: true };
}

/**
 * A `lookup` for http(s).request: resolves every address of the host and refuses the
 * connection when any of them is not public (unless allowed). Node calls it with
 * `all: true` when it tries several addresses (autoSelectFamily).
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolver = systemResolver()) {
  const lookup = (
    hostname: string,
    options: { all?: boolean },
    callback: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ) => {
    const check = isLocalhostName(hostname) && !allowPrivate;
    resolve(hostname).then(
      (addresses) => {
        try {
          if (check) throw new OutboundRefusedError(hostname, 'loopback');
          if (addresses.length === 0) throw new Error(`${hostname} has no address`);
          for (const { address } of addresses) assertAllowedAddress(address, allowPrivate);
        } catch (error) {
          callback(error as NodeJS.ErrnoException, '', 4);
          return;
        }
        const [first] = addresses as [LookupAddress];
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };
  return lookup as unknown as LookupFunction;
}
