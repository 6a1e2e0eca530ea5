/**
 * The HTTP leg of a partner call: keep-alive connections (undici keeps one pool per
 * partner origin, so a call reuses a warm connection instead of a TCP and TLS handshake
 * each time), the same outbound URL guard as every call we make — one guarded DNS lookup
 * per connection and the address actually connected to checked (outbound/url-guard.ts)
 * — no redirects followed, a hard deadline, a cap on the body read, gzip answers taken and
 * the request gzipped for a partner whose config says it takes gzip (`gzip: true`).
 */
import { performance } from 'node:perf_hooks';
import { gunzip, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import type { Socket } from 'node:net';
import { Agent, buildConnector, request, type Dispatcher } from 'undici';
import { MAX_RESPONSE_BYTES, type PostResult } from '../../outbound/http.js';
import {
  OutboundRefusedError,
  assertAllowedAddress,
  guardedLookup,
  refusedAddressLiteral,
  type Resolver,
} from '../../outbound/url-guard.js';

const gunzipAsync = promisify(gunzip);

/** Idle connections to a partner are kept this long. */
const KEEP_ALIVE_MS = 30_000;
/** Connections per partner origin at most. */
const CONNECTIONS_PER_PARTNER = 64;

export interface PartnerPostOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  headers: Record<string, string>;
  /** Send the body gzipped (content-encoding: gzip). */
  gzip?: boolean;
  maxBytes?: number;
  resolve?: Resolver;
}

const agents = new Map<string, Agent>();

/**
 * A partner that answers inside this process: the demo's partners (simulate/demo-partners.ts),
 * which the demo backfill calls before the server listens, on hosts that never resolve.
 */
export type InProcessPartner = (body: unknown) => PostResult;

/** In-process partners by origin; empty unless the demo registered its own. */
const inProcess = new Map<string, InProcessPartner>();

/** Answers calls to `origin` in this process; the returned function stops it. */
export function answerInProcess(origin: string, partner: InProcessPartner): () => void {
  inProcess.set(origin, partner);
  return () => {
    if (inProcess.get(origin) === partner) inProcess.delete(origin);
  };
}

/** One keep-alive agent per guard setting (and test resolver): its pools are per origin. */
function agentFor(allowPrivate: boolean, resolve: Resolver | undefined): Agent {
  const key = `${allowPrivate}`;
  const cached = resolve ? undefined : agents.get(key);
  if (cached) return cached;
  const connect = buildConnector({ lookup: guardedLookup(allowPrivate, resolve) });
  const agent = new Agent({
    keepAliveTimeout: KEEP_ALIVE_MS,
    keepAliveMaxTimeout: KEEP_ALIVE_MS,
    connections: CONNECTIONS_PER_PARTNER,
    connect: (options, callback) => {
      connect(options, (error, socket) => {
        if (error || !socket) {
          callback(error ?? new Error('No connection'), null);
          return;
        }
        // Whatever the lookup said, check the address the socket really connected to.
        try {
          assertAllowedAddress((socket as Socket).remoteAddress ?? '', allowPrivate);
        } catch (refusal) {
          socket.destroy();
          callback(refusal as Error, null);
          return;
        }
        callback(null, socket);
      });
    },
  });
  if (!resolve) agents.set(key, agent);
  return agent;
}

/** Closes the kept connections (shutdown, tests). */
export async function closePartnerConnections(): Promise<void> {
  const all = [...agents.values()];
  agents.clear();
  await Promise.all(all.map((agent) => agent.close()));
}

function describeError(error: unknown, url: URL): string {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const code = (cause as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return `Connection refused by ${url.host}`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `The host ${url.hostname} did not resolve`;
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET')
    return `${url.host} closed the connection`;
  return (cause as Error).message || String(code ?? 'Network error');
}

function refusalOf(error: unknown): OutboundRefusedError | null {
  if (error instanceof OutboundRefusedError) return error;
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof OutboundRefusedError ? cause : null;
}

/** Reads at most maxBytes of the body; `truncated` when there was more. */
async function readCapped(
  body: Dispatcher.ResponseData['body'],
  maxBytes: number,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    const room = maxBytes - size;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      body.destroy();
      return { bytes: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { bytes: Buffer.concat(chunks), truncated: false };
}

/** POSTs a JSON body to a partner over a kept-alive connection. */
export async function postToPartner(
  url: string,
  body: unknown,
  options: PartnerPostOptions,
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.max(0, Math.round(performance.now() - started));
  const target = new URL(url);
  const local = inProcess.size === 0 ? undefined : inProcess.get(target.origin);
  if (local) return local(body);
  const maxBytes = options.maxBytes ?? MAX_RESPONSE_BYTES;
  const refused = refusedAddressLiteral(target, options.allowPrivate);
  if (refused) return { kind: 'refused', message: refused, latencyMs: elapsed() };
  const json = Buffer.from(JSON.stringify(body));
  const payload = options.gzip ? gzipSync(json) : json;
  const signal = AbortSignal.timeout(Math.max(1, options.timeoutMs));
  try {
    const response = await request(target, {
      method: 'POST',
      dispatcher: agentFor(options.allowPrivate, options.resolve),
      signal,
      body: payload,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'accept-encoding': 'gzip',
        'user-agent': 'Adloom/1.0 (OpenRTB)',
        ...(options.gzip ? { 'content-encoding': 'gzip' } : {}),
        ...options.headers,
      },
    });
    const { bytes, truncated } = await readCapped(response.body, maxBytes);
    const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
    let answer = bytes;
    if (encoding === 'gzip' && !truncated && bytes.length > 0) {
      try {
        answer = await gunzipAsync(bytes, { maxOutputLength: maxBytes });
      } catch {
        return {
          kind: 'failed',
          message: 'The gzip answer does not inflate',
          latencyMs: elapsed(),
        };
      }
    }
    const headers: Record<string, string | string[] | undefined> = {};
    for (const [name, value] of Object.entries(response.headers)) headers[name] = value;
    return {
      kind: 'answered',
      status: response.statusCode,
      headers,
      body: answer,
      truncated,
      latencyMs: elapsed(),
    };
  } catch (error) {
    if (signal.aborted) return { kind: 'timeout', latencyMs: elapsed() };
    const refusal = refusalOf(error);
    if (refusal) return { kind: 'refused', message: refusal.message, latencyMs: elapsed() };
    return { kind: 'failed', message: describeError(error, target), latencyMs: elapsed() };
  }
}
