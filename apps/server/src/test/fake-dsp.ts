/**
 * A fake demand partner for tests: a real HTTP server on 127.0.0.1 (random port) whose
 * paths answer the ways a partner can — a bid, a no-bid, too late, malformed — and that
 * records every request it got.
 *
 *   /bid         200 with a BidResponse echoing the request's id and imp id (price 1.25)
 *   /nobid       204
 *   /nobid-200   200 with no seatbid and a no-bid reason
 *   /slow        answers a bid after ?ms= (default 2000)
 *   /malformed   200 with a body that is not JSON
 *   /wrong-shape 200 with JSON that is not a BidResponse
 *   /wrong-id    200 with a bid for another request id
 *   /error       500
 *   /redirect    302 to /bid
 *   /huge        200 with a body larger than the read limit
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  /** The query string, with its '?' ('' when none). */
  search: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface FakeDsp {
  /** The URL of one of the paths above, e.g. url('/bid'). */
  url(path: string): string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

export const FAKE_BID_PRICE = 1.25;
export const FAKE_ADM = '<a href="https://example.com"><img src="https://example.com/ad.png"></a>';

interface RequestLike {
  id?: string;
  imp?: { id?: string }[];
}

export function fakeBidResponse(request: RequestLike, overrides: Record<string, unknown> = {}) {
  return {
    id: request.id ?? 'unknown',
    cur: 'USD',
    seatbid: [
      {
        seat: 'seat-1',
        bid: [
          {
            id: 'bid-1',
            impid: request.imp?.[0]?.id ?? '1',
            price: FAKE_BID_PRICE,
            adm: FAKE_ADM,
            crid: 'creative-42',
            adomain: ['example.com'],
            w: 320,
            h: 50,
          },
        ],
      },
    ],
    ...overrides,
  };
}

export async function startFakeDsp(): Promise<FakeDsp> {
  const requests: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // recorded as text
      }
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        search: url.search,
        headers: req.headers,
        body,
      });
      const request = (typeof body === 'object' && body !== null ? body : {}) as RequestLike;
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      switch (url.pathname) {
        case '/bid':
          return json(200, fakeBidResponse(request));
        case '/nobid':
          res.writeHead(204);
          return res.end();
        case '/nobid-200':
          return json(200, { id: request.id, seatbid: [], nbr: 2 });
        case '/slow': {
          const timer = setTimeout(
            () => {
              timers.delete(timer);
              if (!res.destroyed) json(200, fakeBidResponse(request));
            },
            Number(url.searchParams.get('ms') ?? 2000),
          );
          timers.add(timer);
          return;
        }
        case '/malformed':
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end('{"id": "x", "seatbid": [');
        case '/wrong-shape':
          return json(200, { id: request.id, seatbid: [{ bid: [{ id: 'b', price: 'high' }] }] });
        case '/wrong-id':
          return json(200, fakeBidResponse({ ...request, id: 'another-request' }));
        case '/error':
          res.writeHead(500, { 'content-type': 'text/plain' });
          return res.end('internal error');
        case '/redirect':
          res.writeHead(302, { location: '/bid' });
          return res.end();
        case '/huge':
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(`{"id":"${request.id}","pad":"${'x'.repeat(300 * 1024)}"}`);
        default:
          res.writeHead(404);
          return res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What a scripted fake answers: a status and a body (JSON unless it is text already). */
export interface ScriptedAnswer {
  status: number;
  body?: unknown;
}

export interface ScriptedDsp extends FakeDsp {
  /** How many answers it has written so far. */
  readonly answered: number;
}

/**
 * A fake partner whose answers the test writes: `answer` gets each recorded request and may
 * take as long as it likes (a promise the test resolves later holds the answer back).
 * Every path answers the same way.
 */
export async function startScriptedDsp(
  answer: (request: ReceivedRequest) => ScriptedAnswer | Promise<ScriptedAnswer>,
): Promise<ScriptedDsp> {
  const requests: ReceivedRequest[] = [];
  let answered = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // recorded as text
      }
      const { pathname: path, search } = new URL(req.url ?? '/', 'http://fake');
      const received = { method: req.method ?? '', path, search, headers: req.headers, body };
      requests.push(received);
      void Promise.resolve(answer(received)).then(({ status, body: reply }) => {
        answered += 1;
        if (res.destroyed) return;
        if (reply === undefined) {
          res.writeHead(status);
          return res.end();
        }
        const raw = typeof reply === 'string';
        res.writeHead(status, { 'content-type': raw ? 'text/plain' : 'application/json' });
        res.end(raw ? reply : JSON.stringify(reply));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    get answered() {
      return answered;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
