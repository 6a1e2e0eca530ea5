/**
 * Demand partners (docs/product/console.md#screens /ssp/dsp, docs/product/supply.md#demand-partners): a page, every one, create, modify and switch
 * through the change-note pattern (target type dsp, 'None Update', 'Exists, don't
 * duplicate.'), and the OpenRTB test action. Rules beyond the contract: the URLs pass the
 * outbound guard (no private or loopback addresses unless the operator allows them), and
 * config is stored with its keys sorted so an unchanged object compares equal.
 */
import {
  AppError,
  MESSAGES,
  MAX_DSP_TIMEOUT_MS,
  OPENRTB_VERSION,
  type Dsp,
  type DspFields,
  type DspTestResult,
  type FieldIssue,
  sortKeysDeep,
  fieldIssue,
} from '@adloom/domain';
import type { Database } from '../../db/client.js';
import {
  createNoted,
  loadOrThrow,
  modifyNoted,
  splitModifyBody,
  switchNoted,
  type ModifyBody,
  type SettingEntity,
  type SwitchBody,
  type Writer,
} from '../changes/noted.js';
import { isoTimes, pageOf } from '../../http/present.js';
import { windowOf } from '../../db/sql.js';
import { readAnswer } from '../../outbound/partner-answer.js';
import { buildTestBidRequest } from './test-request.js';
import { MAX_RESPONSE_BYTES, postJson } from '../../outbound/http.js';
import * as repo from './repo.js';
import type { DspRow, DspSort } from './repo.js';
import { checkOutboundUrl, type Resolver } from '../../outbound/url-guard.js';

/** What the service needs of the server's configuration. */
export interface DspSettings {
  /** DSP_ALLOW_PRIVATE_NETWORKS: partner URLs may reach loopback and private networks. */
  allowPrivate: boolean;
  /** DNS for the URL guard (tests); the system resolver otherwise. */
  resolve?: Resolver;
}

type Config = Record<string, unknown>;
const canonicalConfig = (config: Config): Config => sortKeysDeep(config) as Config;

export const dspEntity: SettingEntity<DspRow, DspFields> = {
  targetType: 'dsp',
  label: 'DSP',
  find: repo.findDsp,
  fieldsOf: (row) => ({
    name: row.name,
    type: row.type,
    slot_type: row.slotType,
    timeout_ms: row.timeoutMs,
    request_url: row.requestUrl,
    test_url: row.testUrl,
    cpm: row.cpm,
    percent: row.percent,
    config: canonicalConfig(row.config as Config),
  }),
};

export const presentDsp = (row: DspRow): Dsp => ({
  id: row.id,
  name: row.name,
  type: row.type,
  slot_type: row.slotType,
  timeout_ms: row.timeoutMs,
  request_url: row.requestUrl,
  test_url: row.testUrl,
  cpm: row.cpm,
  percent: row.percent,
  config: row.config as Config,
  status: row.status,
  ...isoTimes(row),
});

/**
 * The save-time URL guard over the URLs being written: every refused one becomes a field
 * issue, all reported at once.
 */
async function checkUrls(
  urls: Partial<Pick<DspFields, 'request_url' | 'test_url'>>,
  settings: DspSettings,
): Promise<void> {
  const issues: FieldIssue[] = [];
  for (const field of ['request_url', 'test_url'] as const) {
    const value = urls[field];
    if (!value) continue;
    const verdict = await checkOutboundUrl(value, {
      allowPrivate: settings.allowPrivate,
      ...(settings.resolve ? { resolve: settings.resolve } : {}),
    });
    if (!verdict.ok) issues.push(fieldIssue(field, verdict.code));
  }
  if (issues.length > 0) throw AppError.fields(issues);
}

export interface DspQuery {
  page: number;
  size: number;
  keyword?: string | undefined;
  sort?: DspSort | undefined;
  order: 'asc' | 'desc';
  status?: number | undefined;
}

export async function listDsps(db: Database, query: DspQuery) {
  const { rows, total } = await repo.listDsps(db, query, windowOf(query.page, query.size));
  return pageOf(rows.map(presentDsp), total, query);
}

export async function listAllDsps(db: Database): Promise<Dsp[]> {
  return (await repo.listAllDsps(db)).map(presentDsp);
}

export async function createDsp(
  writer: Writer,
  body: DspFields,
  settings: DspSettings,
): Promise<Dsp> {
  await checkUrls(body, settings);
  const row = await createNoted(dspEntity, writer, (tx) =>
    repo.insertDsp(tx, {
      name: body.name,
      type: body.type,
      slotType: body.slot_type,
      timeoutMs: body.timeout_ms,
      requestUrl: body.request_url,
      testUrl: body.test_url,
      cpm: body.cpm,
      percent: body.percent,
      config: canonicalConfig(body.config),
    }),
  );
  return presentDsp(row);
}

export async function modifyDsp(
  writer: Writer,
  body: ModifyBody<DspFields>,
  settings: DspSettings,
): Promise<Dsp> {
  const { id, note, patch } = splitModifyBody(body);
  if (patch.config) patch.config = canonicalConfig(patch.config);
  const row = await modifyNoted(
    dspEntity,
    { ...writer, note },
    {
      id,
      patch,
      view: dspEntity.fieldsOf,
      // Only the URLs this write changes: the others passed when they were saved.
      validate: (merged, current) =>
        checkUrls(
          {
            ...(merged.request_url !== current.requestUrl
              ? { request_url: merged.request_url }
              : {}),
            ...(merged.test_url !== current.testUrl ? { test_url: merged.test_url } : {}),
          },
          settings,
        ),
      update: repo.updateDsp,
    },
  );
  return presentDsp(row);
}

export async function switchDsp(writer: Writer, body: SwitchBody): Promise<Dsp> {
  const row = await switchNoted(dspEntity, writer, body, (tx, id, status) =>
    repo.updateDsp(tx, id, { status }),
  );
  return presentDsp(row);
}

/** How much of the answer's body the screen gets. */
const SHOWN_BYTES = 16 * 1024;

/**
 * Sends an OpenRTB 2.6 test bid request to the partner's test URL (its request URL when
 * there is none), with its timeout, through the URL guard; answers what happened. Nothing
 * is stored.
 */
export async function testDsp(
  db: Database,
  id: number,
  settings: DspSettings,
): Promise<DspTestResult> {
  const dsp = await loadOrThrow(dspEntity, db, id);
  const url = dsp.testUrl || dsp.requestUrl;
  const timeoutMs = Math.min(dsp.timeoutMs, MAX_DSP_TIMEOUT_MS);
  const request = buildTestBidRequest({ id: dsp.id, slotType: dsp.slotType, timeoutMs });
  const base = { url, timeout_ms: timeoutMs, request: request as Record<string, unknown> };
  const empty = { http_status: null, price: null, bid: null, response_body: '' };

  const result = await postJson(url, request, {
    timeoutMs,
    allowPrivate: settings.allowPrivate,
    headers: { 'x-openrtb-version': OPENRTB_VERSION },
    ...(settings.resolve ? { resolve: settings.resolve } : {}),
  });

  if (result.kind === 'timeout') {
    return {
      ...base,
      ...empty,
      outcome: 'timeout',
      latency_ms: result.latencyMs,
      message: `No answer within ${timeoutMs} ms`,
      response_truncated: false,
    };
  }
  if (result.kind === 'refused' || result.kind === 'failed') {
    return {
      ...base,
      ...empty,
      outcome: 'error',
      latency_ms: result.latencyMs,
      message:
        result.kind === 'refused'
          ? `${MESSAGES['dsp.privateAddress'].en}. ${result.message}`
          : result.message,
      response_truncated: false,
    };
  }
  const location = result.headers.location;
  const reading = readAnswer(
    request,
    {
      status: result.status,
      body: result.body.toString('utf8'),
      truncated: result.truncated,
      location: Array.isArray(location) ? location[0] : location,
    },
    MAX_RESPONSE_BYTES,
  );
  return {
    ...base,
    outcome: reading.outcome,
    http_status: result.status,
    latency_ms: result.latencyMs,
    price: reading.bid?.price ?? null,
    bid: reading.bid,
    message: reading.message,
    response_body: result.body.subarray(0, SHOWN_BYTES).toString('utf8'),
    response_truncated: result.truncated || result.body.length > SHOWN_BYTES,
  };
}
