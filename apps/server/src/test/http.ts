/** Request helpers over app.inject: envelopes, tokens, multipart bodies. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { credentials } from './factories.js';

export interface EnvelopeBody<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface ApiResult<T = unknown> {
  status: number;
  body: EnvelopeBody<T>;
  headers: Record<string, unknown>;
}

export interface ApiRequest {
  method?: InjectOptions['method'];
  url: string;
  token?: string;
  /** Sends the token as Authorization: Bearer instead of X-Token. */
  bearer?: boolean;
  body?: unknown;
  multipart?: Record<string, string>;
  /** File parts: the body goes as multipart with `multipart`'s fields (if any) and these. */
  files?: FilePart[];
  headers?: Record<string, string>;
  /** The client's address as the server sees it (127.0.0.1 unless told). */
  remoteAddress?: string;
}

/** One file of a multipart body. */
export interface FilePart {
  /** The form field; `file` unless told. */
  field?: string;
  filename: string;
  content: Buffer;
  /** What the browser claims; `application/octet-stream` unless told. */
  contentType?: string;
}

/** A multipart/form-data body as a browser's FormData posts it. */
export function multipartBody(fields: Record<string, string>) {
  const boundary = `----adloom${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A multipart/form-data body with file parts (bytes, so binary content survives). */
export function multipartFilesBody(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----adloom${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; ` +
          `filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

export async function api<T = unknown>(
  app: FastifyInstance,
  request: ApiRequest,
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.token) {
    if (request.bearer) headers.authorization = `Bearer ${request.token}`;
    else headers['x-token'] = request.token;
  }
  let payload: InjectOptions['payload'];
  if (request.files) {
    const body = multipartFilesBody(request.multipart ?? {}, request.files);
    payload = body.payload;
    headers['content-type'] = body.contentType;
  } else if (request.multipart) {
    const body = multipartBody(request.multipart);
    payload = body.payload;
    headers['content-type'] = body.contentType;
  } else if (request.body !== undefined) {
    payload = JSON.stringify(request.body);
    headers['content-type'] = 'application/json';
  }
  const response = await app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    headers,
    ...(payload === undefined ? {} : { payload }),
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
  });
  return {
    status: response.statusCode,
    body: response.json() as EnvelopeBody<T>,
    headers: response.headers,
  };
}

/** Signs in through /user/login and answers the token; fails the test otherwise. */
export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<string> {
  const result = await api<{ token: string }>(app, {
    method: 'POST',
    url: '/user/login',
    body: credentials(username, password),
  });
  expect(result.body, `login of ${username}`).toMatchObject({ code: 200 });
  return result.body.data.token;
}

export function expectCode(result: ApiResult, code: number, status: number): void {
  expect({ code: result.body.code, status: result.status, msg: result.body.msg }).toMatchObject({
    code,
    status,
  });
}
