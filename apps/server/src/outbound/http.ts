/**
 * One guarded outbound HTTP exchange, for calls to demand partners (POST) and monitor pings
 * (GET): the URL guard on the address actually connected to — one DNS lookup per connection,
 * whose addresses are checked and then connected to (no second lookup to rebind) — no
 * redirects followed, no proxy, no connection reuse, a hard deadline over the whole
 * exchange and a cap on the body read.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import {
  OutboundRefusedError,
  assertAllowedAddress,
  guardedLookup,
  refusedAddressLiteral,
  type Resolver,
} from './url-guard.js';

/** The most of an answer's body read (and kept). */
export const MAX_RESPONSE_BYTES = 256 * 1024;

export interface PostOptions {
  /** The deadline of the whole exchange: connect, send, answer, body. */
  timeoutMs: number;
  allowPrivate: boolean;
  headers?: Record<string, string>;
  maxBytes?: number;
  /** DNS for the guarded lookup (tests); the system resolver otherwise. */
  resolve?: Resolver;
}

export type PostResult =
  | {
      kind: 'answered';
      status: number;
      headers: IncomingMessage['headers'];
      body: Buffer;
      /** The body was longer than maxBytes: only that much was read. */
      truncated: boolean;
      latencyMs: number;
    }
  | { kind: 'timeout'; latencyMs: number }
  | { kind: 'refused'; message: string; latencyMs: number }
  | { kind: 'failed'; message: string; latencyMs: number };

class DeadlineError extends Error {}

function describeNetworkError(error: Error, url: URL): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return `Connection refused by ${url.host}`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return `The host ${url.hostname} did not resolve`;
  if (code === 'ECONNRESET') return `${url.host} closed the connection`;
  return error.message || String(code ?? 'Network error');
}

/** A JSON POST (OpenRTB bid requests, the test action). */
export function postJson(url: string, body: unknown, options: PostOptions): Promise<PostResult> {
  const payload = Buffer.from(JSON.stringify(body));
  return sendGuarded(url, 'POST', payload, {
    ...options,
    headers: {
      'content-type': 'application/json',
      'content-length': String(payload.length),
      accept: 'application/json',
      'user-agent': 'Adloom/1.0 (OpenRTB test)',
      ...options.headers,
    },
  });
}

/** A GET whose answer only matters as having come (monitor pings, win notices). */
export function getGuarded(url: string, options: PostOptions): Promise<PostResult> {
  return sendGuarded(url, 'GET', null, options);
}

function sendGuarded(
  url: string,
  method: 'GET' | 'POST',
  payload: Buffer | null,
  options: PostOptions,
): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.max(0, Math.round(performance.now() - started));
  const target = new URL(url);
  const maxBytes = options.maxBytes ?? MAX_RESPONSE_BYTES;

  const refused = refusedAddressLiteral(target, options.allowPrivate);
  if (refused) return Promise.resolve({ kind: 'refused', message: refused, latencyMs: elapsed() });

  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const timer: { id?: NodeJS.Timeout } = {};
    const settle = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer.id);
      resolve(result);
    };
    const fail = (error: unknown) => {
      if (error instanceof DeadlineError) settle({ kind: 'timeout', latencyMs: elapsed() });
      else if (error instanceof OutboundRefusedError) {
        settle({ kind: 'refused', message: error.message, latencyMs: elapsed() });
      } else {
        settle({
          kind: 'failed',
          message: describeNetworkError(error as Error, target),
          latencyMs: elapsed(),
        });
      }
    };

    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(target, {
      method,
      agent: false,
      lookup: guardedLookup(options.allowPrivate, options.resolve),
      headers: options.headers ?? {},
    });
    timer.id = setTimeout(() => {
      fail(new DeadlineError());
      request.destroy();
    }, options.timeoutMs);

    // Whatever the lookup said, check the address the socket really connected to.
    request.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        try {
          assertAllowedAddress(socket.remoteAddress ?? '', options.allowPrivate);
        } catch (error) {
          request.destroy(error as Error);
        }
      });
    });
    request.on('error', fail);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      response.on('data', (chunk: Buffer) => {
        if (truncated) return;
        const room = maxBytes - size;
        if (chunk.length > room) {
          chunks.push(chunk.subarray(0, room));
          size = maxBytes;
          truncated = true;
          const status = response.statusCode ?? 0;
          settle({
            kind: 'answered',
            status,
            headers: response.headers,
            body: Buffer.concat(chunks),
            truncated,
            latencyMs: elapsed(),
          });
          request.destroy();
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () =>
        settle({
          kind: 'answered',
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          truncated,
          latencyMs: elapsed(),
        }),
      );
      response.on('error', fail);
      response.on('aborted', () => fail(new Error(`${target.host} aborted the answer`)));
    });
    if (payload) request.end(payload);
    else request.end();
  });
}
