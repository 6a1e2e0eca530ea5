/**
 * The contract fuzz (issue 19 item 11): every endpoint of the shared contracts, called as an
 * identity allowed to call it, with hostile values generated from its own zod schemas — one
 * field at a time on top of the permission matrix's valid sample, whole generated bodies with
 * hostile leaves, and whole parts replaced. Every answer must be below 500, and a refused
 * request must leave every table as it was (fingerprint.ts).
 *
 * Bounded and repeatable: FUZZ_SEED (default fixed) and FUZZ_RUNS per endpoint (default 5);
 * on PostgreSQL the suite works in a database of its own, so other test files' writes do not
 * show up as its own.
 */
import { randomBytes } from 'node:crypto';
import {
  ABILITY_ALL,
  AppError,
  ENDPOINTS,
  PROXY_QUERY_PARAM,
  REPORT_FILE_ENDPOINTS,
  ZOk,
  defineEndpoint,
  type EndpointDefinition,
} from '@adloom/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client.js';
import { createTestApp, openIsolatedTestDatabase, type TestApp } from '../test/app.js';
import { registerEndpoint } from './endpoint.js';
import { buildSession, buildUser } from '../test/factories.js';
import { objectShapeOf, plausibleOf } from '../test/fuzz/arbitrary.js';
import { changedTables, createFingerprinter, type Fingerprint } from '../test/fuzz/fingerprint.js';
import { hostileValue } from '../test/fuzz/hostile.js';
import { ALL_SAMPLES } from '../test/samples/all.js';
import { REPORT_FILE_SAMPLES } from '../test/samples/report.js';
import type { Sample, SampleRequest } from '../test/samples/types.js';

const SEED = Number(process.env.FUZZ_SEED ?? 19_011);
const RUNS = Number(process.env.FUZZ_RUNS ?? 5);

/** The permission matrix's valid requests: the fuzz changes one thing at a time in them. */
const SAMPLES: Record<string, Sample | undefined> = { ...ALL_SAMPLES, ...REPORT_FILE_SAMPLES };

const FUZZED: [string, EndpointDefinition][] = Object.entries({
  ...ENDPOINTS,
  ...REPORT_FILE_ENDPOINTS,
});

// ---------------------------------------------------------------- a database of its own

let handle: DatabaseHandle;
const BROKEN_ENDPOINT = defineEndpoint({
  method: 'POST',
  path: '/svc/fuzz/broken',
  summary: 'A route with both faults the fuzz looks for (this test only)',
  tag: 'test',
  access: 'login',
  body: z.object({ name: z.string() }),
  response: ZOk,
});

function registerBrokenRoute(app: FastifyInstance): void {
  registerEndpoint(app, BROKEN_ENDPOINT, async ({ body, db }) => {
    // As a fixed-size buffer would, it fails on longer text.
    if (body.name.length > 20) throw new Error('a fault the fuzz must report');
    await db.execute(sql`update config_version set version = version + 1`);
    throw new AppError('validation');
  });
}

let t: TestApp;
let fingerprint: () => Promise<Fingerprint>;
/** Error lines the server logged (a 5xx's cause). */
const serverErrors: string[] = [];

beforeAll(async () => {
  handle = await openIsolatedTestDatabase();
  t = await createTestApp({
    database: handle,
    extend: registerBrokenRoute,
    logger: {
      level: 'error',
      stream: {
        write: (line: string) => {
          serverErrors.push(line);
        },
      },
    },
  });
  fingerprint = await createFingerprinter(t.db);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await handle?.close();
});

// ---------------------------------------------------------------- requests

type Part = 'query' | 'body';

type Mutation =
  | { kind: 'field'; part: Part; key: string; value: unknown }
  | { kind: 'generated'; part: Part; value: unknown }
  | { kind: 'whole'; part: Part; value: unknown };

function partsOf(endpoint: EndpointDefinition): Part[] {
  const parts: Part[] = [];
  if (endpoint.access !== 'public' || endpoint.query) parts.push('query');
  if (endpoint.body && endpoint.method !== 'GET') parts.push('body');
  return parts;
}

function keysOf(endpoint: EndpointDefinition, part: Part, base: SampleRequest): string[] {
  const schema = part === 'query' ? endpoint.query : endpoint.body;
  const keys = new Set(Object.keys(schema ? (objectShapeOf(schema) ?? {}) : {}));
  const sent = part === 'query' ? base.query : base.body;
  if (sent && typeof sent === 'object') Object.keys(sent).forEach((key) => keys.add(key));
  if (part === 'query' && endpoint.access !== 'public') keys.add(PROXY_QUERY_PARAM);
  // A key the contract does not know: must be ignored, never stored.
  keys.add('unexpected_field');
  return [...keys];
}

function mutationsOf(endpoint: EndpointDefinition, base: SampleRequest): fc.Arbitrary<Mutation> {
  const options = partsOf(endpoint).flatMap((part) => {
    const schema = part === 'query' ? endpoint.query : endpoint.body;
    const field = fc.record({
      kind: fc.constant('field' as const),
      part: fc.constant(part),
      key: fc.constantFrom(...keysOf(endpoint, part, base)),
      value: hostileValue(),
    });
    const whole = fc.record({
      kind: fc.constant('whole' as const),
      part: fc.constant(part),
      value: hostileValue(),
    });
    const generated = schema
      ? [
          {
            arbitrary: fc.record({
              kind: fc.constant('generated' as const),
              part: fc.constant(part),
              value: plausibleOf(schema, 0.3),
            }),
            weight: 3,
          },
        ]
      : [];
    return [{ arbitrary: field, weight: 6 }, { arbitrary: whole, weight: 1 }, ...generated];
  });
  return fc.oneof(...options);
}

function applyMutation(base: SampleRequest, mutation: Mutation): { query: unknown; body: unknown } {
  const request = { query: base.query as unknown, body: base.body };
  if (mutation.kind === 'field') {
    const current = request[mutation.part];
    const object = current && typeof current === 'object' && !Array.isArray(current) ? current : {};
    request[mutation.part] = { ...object, [mutation.key]: mutation.value };
  } else {
    request[mutation.part] = mutation.value;
  }
  return request;
}

function scalarText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Percent-encoding that keeps a lone surrogate (as its WTF-8 bytes, what a raw client can
 * send) where encodeURIComponent would throw.
 */
function encodeComponent(text: string): string {
  let encoded = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      encoded += encodeURIComponent(char);
    }
  }
  return encoded;
}

function queryString(query: unknown): string {
  if (query === undefined || query === null) return '';
  if (typeof query !== 'object') return `?${encodeComponent(String(query))}`;
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = scalarText(item);
      if (text !== undefined) pairs.push(`${encodeComponent(key)}=${encodeComponent(text)}`);
    }
  }
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** A multipart form as the console's client writes one: arrays as repeated fields. */
function multipartOf(body: Record<string, unknown>) {
  const boundary = `----fuzz${randomBytes(8).toString('hex')}`;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = scalarText(item);
      if (text === undefined) continue;
      parts.push(
        `--${boundary}\r\nContent-Disposition: form-data; name="${key.replace(/["\r\n]/g, '_')}"\r\n\r\n${text}\r\n`,
      );
    }
  }
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function injectOptions(
  endpoint: EndpointDefinition,
  request: { query: unknown; body: unknown },
  token: string,
  asMultipart: boolean,
): InjectOptions {
  const headers: Record<string, string> = { 'x-token': token };
  let payload: string | undefined;
  if (request.body !== undefined && endpoint.method !== 'GET') {
    const body = request.body;
    if (asMultipart && body && typeof body === 'object' && !Array.isArray(body)) {
      const form = multipartOf(body as Record<string, unknown>);
      payload = form.payload;
      headers['content-type'] = form.contentType;
    } else {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
  }
  return {
    method: endpoint.method,
    url: `${endpoint.path}${queryString(request.query)}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  };
}

/** A request for the failure report: long or odd text shortened and escaped. */
function describeRequest(options: InjectOptions): string {
  const payload = typeof options.payload === 'string' ? options.payload : '';
  const short = (text: string) =>
    JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}…(${text.length})` : text);
  return `${options.method} ${short(String(options.url))} ${short(payload)}`;
}

// ---------------------------------------------------------------- the suite

/** Fuzzes one endpoint: `runs` requests from `seed`; answers what went wrong, one line each. */
async function fuzzEndpoint(
  endpoint: EndpointDefinition,
  sample: Sample | undefined,
  seed: number,
  runs: number,
): Promise<string[]> {
  const user = await buildUser(t.db, { ability: ABILITY_ALL });
  const other = await buildUser(t.db);
  const base = (await sample?.({ user, other, db: t.db })) ?? {};
  const mutations = fc.sample(mutationsOf(endpoint, base), { seed, numRuns: runs });
  const problems: string[] = [];
  for (const [run, mutation] of mutations.entries()) {
    const token = await buildSession(t.db, user.id);
    const options = injectOptions(
      endpoint,
      applyMutation(base, mutation),
      token,
      Boolean(endpoint.multipart) && run % 2 === 1,
    );
    const before = await fingerprint();
    const errorsBefore = serverErrors.length;
    const response = await t.app.inject(options);
    let code: number | undefined;
    try {
      code = (response.json() as { code?: number }).code;
    } catch {
      code = undefined;
    }
    if (response.statusCode >= 500) {
      const cause = serverErrors.slice(errorsBefore).join(' ').slice(0, 600);
      problems.push(`${response.statusCode} ${describeRequest(options)} — ${cause}`);
      continue;
    }
    const refused = response.statusCode >= 400 || (code !== undefined && code !== 200);
    if (refused) {
      const changed = changedTables(before, await fingerprint());
      if (changed.length > 0) {
        problems.push(
          `refused (${response.statusCode}, ${code}) but wrote ${changed.join(', ')}: ${describeRequest(options)}`,
        );
      }
    }
  }
  return problems;
}

describe('contract fuzz: hostile input never answers 5xx and a refusal writes nothing', () => {
  it.each(FUZZED.map(([name, endpoint], index) => [name, endpoint, index] as const))(
    '%s',
    async (name, endpoint, index) => {
      const problems = await fuzzEndpoint(endpoint, SAMPLES[name], SEED + index, RUNS);
      expect(problems, `${name} (seed ${SEED + index})`).toEqual([]);
    },
    120_000,
  );
});

describe('the fuzz itself', () => {
  it('reports a 5xx and a refusal that wrote, on a route made to do both', async () => {
    // Longer text fails as a bug would; anything else is written first and refused after.
    // Its own fixed seed: this proves the harness, whatever FUZZ_SEED explores.
    const problems = await fuzzEndpoint(BROKEN_ENDPOINT, undefined, 19_011, 40);
    expect(problems.some((problem) => problem.startsWith('500 '))).toBe(true);
    expect(problems.some((problem) => problem.includes('but wrote config_version'))).toBe(true);
  });
});
