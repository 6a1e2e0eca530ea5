/**
 * The diagnosis form on the wire and the delivery reads. The form holds picker values (a
 * dayjs for the replay time, a list of audience codes); the contract carries the /serve/ad
 * facts as numbers and strings, with every blank field left out: absent means "the device
 * did not say", which is not the same request as an empty string. The request diagnosed is
 * kept in the address, so a diagnosis can be shared as a link and survives a reload.
 */
import { messageText } from '../../lib/messages';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import {
  diagnoseDelivery,
  listAllSlots,
  listPlans,
  partnerHealth,
  type EndpointBody,
} from '@adloom/domain';
import { ApiError, call } from '../../lib/api';
import { endpointQuery } from '../../lib/query';
import { instantOf, pickerValueOf } from '../plan/api';

export interface DiagnosisFormValues {
  slot_id?: number | null;
  os?: number | null;
  osv?: string;
  network?: number | null;
  country?: string | null;
  brand?: string | null;
  model?: string | null;
  app?: string;
  app_version?: string;
  uid?: string;
  oaid?: string;
  imei?: string;
  idfa?: string;
  lang?: string | null;
  /** Audience codes (`gender/man`), sent comma-joined. */
  audience?: string[];
  plan_id?: number | null;
  /** The replay time as the picker shows it: a UTC wall-clock time. */
  at?: Dayjs | null;
}

export type DiagnosisBody = EndpointBody<typeof diagnoseDelivery>;

/** Android, the most common device, until the person or the chosen slot's media says else. */
export const DEFAULT_OS = 1;

const TEXT_FIELDS = [
  'osv',
  'country',
  'brand',
  'model',
  'app',
  'app_version',
  'uid',
  'oaid',
  'imei',
  'idfa',
  'lang',
] as const;

const NUMBER_FIELDS = ['slot_id', 'os', 'network', 'plan_id'] as const;

/** The form as the contract carries it: numbers as numbers, blank fields left out. */
export function diagnosisBodyOf(values: DiagnosisFormValues): DiagnosisBody {
  const body: Record<string, string | number> = {};
  for (const field of NUMBER_FIELDS) {
    const value = values[field];
    if (typeof value === 'number' && Number.isFinite(value)) body[field] = value;
  }
  for (const field of TEXT_FIELDS) {
    const value = values[field]?.trim();
    if (value) body[field] = value;
  }
  const audience = (values.audience ?? []).map((code) => code.trim()).filter(Boolean);
  if (audience.length > 0) body.audience = audience.join(',');
  const at = instantOf(values.at);
  if (at) body.at = at;
  return body as DiagnosisBody;
}

/** The server's field issues with the delivery messages in the interface language. */
export function translateDiagnosisError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.fields.length === 0) return error;
  return new ApiError(
    error.code,
    error.message,
    error.msg,
    error.fields.map((issue) => ({ ...issue, message: messageText(issue) })),
  );
}

/** The request's fields as address parameters (`?slot_id=9&os=1&country=US`). */
export function paramsOfBody(body: DiagnosisBody): URLSearchParams {
  const params = new URLSearchParams();
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value === 'string' || typeof value === 'number') params.set(field, String(value));
  }
  return params;
}

const ALL_FIELDS = [...NUMBER_FIELDS, ...TEXT_FIELDS, 'audience', 'at'] as const;

/** The request held in the address; null until one names a slot. */
export function bodyOfParams(params: URLSearchParams): DiagnosisBody | null {
  if (!params.get('slot_id')?.trim()) return null;
  const body: Record<string, string | number> = {};
  for (const field of ALL_FIELDS) {
    const value = params.get(field)?.trim();
    if (!value) continue;
    const numeric = (NUMBER_FIELDS as readonly string[]).includes(field) && /^\d+$/.test(value);
    body[field] = numeric ? Number(value) : value;
  }
  return body as DiagnosisBody;
}

/** A request back in the form (a link opened, the page shown again). */
export function formValuesOfBody(body: DiagnosisBody): DiagnosisFormValues {
  const fields = body as Record<string, string | number | undefined>;
  const values: Record<string, unknown> = {};
  for (const field of NUMBER_FIELDS) {
    const value = fields[field];
    if (value !== undefined) values[field] = Number(value);
  }
  for (const field of TEXT_FIELDS) {
    const value = fields[field];
    if (value !== undefined) values[field] = String(value);
  }
  const audience = fields.audience;
  values.audience = audience ? String(audience).split(',').filter(Boolean) : [];
  values.at = fields.at ? pickerValueOf(String(fields.at)) : null;
  return values as DiagnosisFormValues;
}

/**
 * The diagnosis of `body`, idle without one. A replay changes nothing on the server, so it
 * is read like any query: cached by its request, asked again by a retry. Failures come back
 * silent, for the form and the page to show.
 */
export function useDiagnosis(body: DiagnosisBody | null) {
  return useQuery({
    queryKey: [diagnoseDelivery.path, body] as const,
    queryFn: async ({ signal }) => {
      try {
        return await call(diagnoseDelivery, { body: body ?? undefined, signal, silent: true });
      } catch (error) {
        throw translateDiagnosisError(error);
      }
    },
    enabled: body !== null,
  });
}

/** Every slot within reach, for callers whose roles read slots; idle for the others. */
export function useSlotChoices(enabled: boolean) {
  return useQuery({ ...endpointQuery(listAllSlots, undefined, { silent: true }), enabled });
}

/** How many plans the plan select offers per search. */
const PLAN_CHOICES = 50;

/** The caller's plans matching `keyword`, newest change first. */
export function usePlanChoices(keyword: string) {
  return useQuery({
    ...endpointQuery(
      listPlans,
      {
        size: PLAN_CHOICES,
        sort: 'updated_at',
        order: 'desc',
        ...(keyword ? { keyword } : {}),
      },
      { silent: true },
    ),
    placeholderData: (previous) => previous,
  });
}

/** The windows the partner health panel offers, in hours. */
export const HEALTH_WINDOWS = [1, 24, 24 * 7] as const;
export type HealthWindow = (typeof HEALTH_WINDOWS)[number];

export function usePartnerHealth(hours: HealthWindow) {
  return useQuery(endpointQuery(partnerHealth, { hours }, { silent: true }));
}
