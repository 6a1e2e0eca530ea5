/**
 * A small keep-alive HTTP client for the simulator: a bounded pool of sockets to one
 * server, a deadline per request, redirects never followed (a click's 302 is the answer).
 */
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface HttpRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  json?: unknown;
}

/** A failure to get any answer (refused, reset, timed out): `code` says which. */
export class HttpFailure extends Error {
  override name = 'HttpFailure';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export class HttpClient {
  readonly origin: string;
  private readonly agent: http.Agent;
  private readonly transport: typeof http | typeof https;

  constructor(
    baseUrl: string,
    private readonly options: { connections: number; timeoutMs: number },
  ) {
    const base = new URL(baseUrl);
    this.origin = base.origin;
    this.transport = base.protocol === 'https:' ? https : http;
    const Agent = base.protocol === 'https:' ? https.Agent : http.Agent;
    this.agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  }

  /** `target`: a path on this server, or an absolute URL of it. */
  request(target: string, request: HttpRequest = {}): Promise<HttpAnswer> {
    const url = new URL(target, this.origin);
    const payload = request.json === undefined ? undefined : JSON.stringify(request.json);
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...(payload === undefined
        ? {}
        : {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(payload)),
          }),
      ...request.headers,
    };
    return new Promise((resolve, reject) => {
      const outgoing = this.transport.request(
        url,
        { method: request.method ?? 'GET', headers, agent: this.agent },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', (error: NodeJS.ErrnoException) =>
            reject(new HttpFailure(error.code ?? 'ERESPONSE', error.message)),
          );
          incoming.on('end', () =>
            resolve({
              status: incoming.statusCode ?? 0,
              headers: incoming.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      outgoing.setTimeout(this.options.timeoutMs, () => {
        outgoing.destroy(
          new HttpFailure('ETIMEDOUT', `no answer within ${this.options.timeoutMs} ms`),
        );
      });
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        reject(
          error instanceof HttpFailure
            ? error
            : new HttpFailure(error.code ?? 'EREQUEST', error.message),
        );
      });
      outgoing.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
