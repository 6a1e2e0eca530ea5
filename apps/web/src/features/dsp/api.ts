/**
 * Demand partners in the form and on the wire: the form shows the CPM in currency units and
 * the configuration as JSON text; the contract carries micros and an object. Every check
 * runs the shared schema (ZDspFields) on the converted values, so the form says what the
 * server would say — 'Need to add request URL', 'JSON format error' — before sending.
 */
import type { FormRule } from 'antd';
import {
  DSP_DEFAULTS,
  ZDspFields,
  fromMicros,
  sortKeysDeep,
  toMicros,
  type Dsp,
  type EndpointBody,
  type createDsp,
} from '@adloom/domain';
import { isRequiredField } from '../../lib/zodRule';
import { ApiError } from '../../lib/api';
import { messageText, type MessageLike } from '../../lib/messages';
import { issueText } from '../../lib/zodRule';

export interface DspFormValues {
  name: string;
  type: number;
  slot_type: number;
  timeout_ms: number | null;
  request_url: string;
  test_url: string;
  /** dspCpm in currency units, as typed. */
  cpm: string | null;
  /** dspPercent, permille. */
  percent: number | null;
  /** The configuration as JSON text. */
  config: string;
}

export type DspBody = EndpointBody<typeof createDsp>;

const configText = (config: Record<string, unknown>) =>
  Object.keys(config).length === 0 ? '{}' : JSON.stringify(config, null, 2);

/** A new partner: the docs/product/supply.md#dsp-defaults defaults. */
export function newDspForm(): DspFormValues {
  return {
    name: '',
    type: DSP_DEFAULTS.dspType,
    slot_type: 0,
    timeout_ms: DSP_DEFAULTS.timeoutMs,
    request_url: '',
    test_url: '',
    cpm: String(fromMicros(DSP_DEFAULTS.dspCpm)),
    percent: DSP_DEFAULTS.dspPercent,
    config: configText(DSP_DEFAULTS.config),
  };
}

export function dspFormOf(dsp: Dsp): DspFormValues {
  return {
    name: dsp.name,
    type: dsp.type,
    slot_type: dsp.slot_type,
    timeout_ms: dsp.timeout_ms,
    request_url: dsp.request_url,
    test_url: dsp.test_url,
    cpm: String(fromMicros(dsp.cpm)),
    percent: dsp.percent,
    config: configText(dsp.config),
  };
}

/** A money input's text → micros; NaN when not an amount. */
function microsOf(text: string | null | undefined): number {
  if (text === null || text === undefined || String(text).trim() === '') return Number.NaN;
  try {
    return toMicros(String(text));
  } catch {
    return Number.NaN;
  }
}

/** JSON text → its value with sorted keys; the text itself when it does not parse. */
function configOf(text: string | null | undefined): unknown {
  const source = (text ?? '').trim();
  if (source === '') return {};
  try {
    return sortKeysDeep(JSON.parse(source));
  } catch {
    return source;
  }
}

/** The form as the contract carries it (whatever is typed; the schema judges it). */
export function dspBodyOf(values: DspFormValues): DspBody {
  return {
    name: values.name?.trim() ?? '',
    type: values.type,
    slot_type: values.slot_type,
    timeout_ms: values.timeout_ms as number,
    request_url: values.request_url?.trim() ?? '',
    test_url: values.test_url?.trim() ?? '',
    cpm: microsOf(values.cpm),
    percent: values.percent as number,
    config: configOf(values.config) as Record<string, unknown>,
  };
}

/** The stored partner in the same shape, for the None Update comparison of a noted write. */
export function dspBodyOfDsp(dsp: Dsp): DspBody {
  return {
    name: dsp.name,
    type: dsp.type,
    slot_type: dsp.slot_type,
    timeout_ms: dsp.timeout_ms,
    request_url: dsp.request_url,
    test_url: dsp.test_url,
    cpm: dsp.cpm,
    percent: dsp.percent,
    config: sortKeysDeep(dsp.config) as Record<string, unknown>,
  };
}

/** A DSP message of the shared schema or the server's URL guard in the interface language. */
export function dspMessageText(message: MessageLike): string {
  return messageText(message);
}

/** The first problem with one field of the form, in the interface language. */
export function dspFieldProblem(
  field: keyof DspFormValues,
  values: DspFormValues,
): string | undefined {
  const body = dspBodyOf(values);
  if (field === 'cpm' && Number.isNaN(body.cpm)) return messageText('fund.amountFormat');
  const parsed = ZDspFields.safeParse(body);
  const issue = parsed.error?.issues.find((candidate) => candidate.path[0] === field);
  return issue ? issueText(issue) : undefined;
}

/** An antd rule checking one field with the shared schema. */
export function dspRule(field: keyof DspFormValues): FormRule {
  const required = isRequiredField(ZDspFields, field);
  return (form) => ({
    required,
    validator: async (_rule, value: unknown) => {
      const values = { ...(form.getFieldsValue(true) as DspFormValues), [field]: value };
      const problem = dspFieldProblem(field, values);
      if (problem) throw new Error(problem);
    },
  });
}

/**
 * The server's field issues with the DSP messages translated (the shared form-error
 * helpers translate the docs/product/messages-and-codes.md#form-messages ones), so they land on their fields in the interface
 * language.
 */
export function translateDspError(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.fields.length === 0) return error;
  return new ApiError(
    error.code,
    error.message,
    error.msg,
    error.fields.map((issue) => ({ ...issue, message: dspMessageText(issue) })),
  );
}

/** Sends `write`, rethrowing its failure with translated field messages. */
export async function withDspMessages<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw translateDspError(error);
  }
}
