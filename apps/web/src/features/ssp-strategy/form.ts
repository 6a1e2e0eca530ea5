/**
 * SSP strategies between the form and the wire: the form holds the config as JSON text and
 * allocation rows that may still be incomplete; the wire carries a JSON object and
 * { dsp_id, permille } entries. The allocation checks mirror the contract's ZAllocations
 * (each 0-1000, one per partner, the sum at most 1000), placed on the row they concern.
 */
import {
  PERMILLE_TOTAL,
  type CodedMessage,
  type MessageCode,
  type EndpointBody,
  type SspStrategy,
  type createSspStrategy,
} from '@adloom/domain';
import { cleanRule, type TargetingRule } from '../plan/targeting';

/** One allocation row of the form: the partner may not be chosen yet, the permille not typed. */
export interface AllocationRow {
  dsp_id?: number | null;
  permille?: number | null;
}

export interface StrategyForm {
  slot_id?: number | null;
  name: string;
  priority: number | null;
  /** Permille of a partner's price passed on for every partner; null = each partner's own. */
  percent: number | null;
  triggers: TargetingRule[];
  allocations: AllocationRow[];
  /** JSON object text; blank = {}. */
  config: string;
}

export const EMPTY_FORM: StrategyForm = {
  slot_id: null,
  name: '',
  priority: 0,
  percent: null,
  triggers: [],
  allocations: [],
  config: '',
};

/** A config object as the text area shows it (blank for {}). */
export function configText(config: Record<string, unknown>): string {
  return Object.keys(config).length === 0 ? '' : JSON.stringify(config, null, 2);
}

/** The config text as an object; undefined when it is not a JSON object. */
export function parseConfig(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {};
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function formOf(strategy: SspStrategy): StrategyForm {
  return {
    slot_id: strategy.slot_id,
    name: strategy.name,
    priority: strategy.priority,
    percent: strategy.percent,
    triggers: strategy.triggers.map((rule) => ({ ...rule, values: [...rule.values] })),
    allocations: strategy.allocations.map((allocation) => ({
      dsp_id: allocation.dsp_id,
      permille: allocation.permille,
    })),
    config: configText(strategy.config),
  };
}

export type StrategyWire = EndpointBody<typeof createSspStrategy>;

/**
 * The body of a (checked) form: trimmed name, cleaned rules, complete allocation rows, the
 * config parsed (its text is sent as typed when it does not parse, for the server to refuse).
 */
export function wireOf(values: StrategyForm): StrategyWire {
  return {
    slot_id: values.slot_id ?? '',
    name: values.name.trim(),
    priority: values.priority ?? 0,
    percent: values.percent ?? null,
    triggers: values.triggers.map(cleanRule),
    allocations: values.allocations.map((row) => ({
      dsp_id: row.dsp_id ?? '',
      permille: row.permille ?? '',
    })),
    config: parseConfig(values.config) ?? values.config,
  };
}

/** The total of the rows typed so far, what is left for our own DSP, and what is wrong. */
export interface AllocationCheck {
  sum: number;
  /** 1000 minus the sum, never below 0. */
  own: number;
  /** The sum message when over 1000 (English, as the contract words it). */
  over: CodedMessage | undefined;
  /** The message of each row (undefined for a sound one), in the rows' order. */
  rows: (MessageCode | undefined)[];
}

const isPermille = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= PERMILLE_TOTAL;

export function checkAllocations(rows: readonly AllocationRow[]): AllocationCheck {
  const seen = new Set<number>();
  const messages = rows.map((row) => {
    if (row.dsp_id === null || row.dsp_id === undefined) return 'dsp.chooseDsp';
    const duplicate = seen.has(row.dsp_id);
    seen.add(row.dsp_id);
    if (!isPermille(row.permille)) return 'dsp.permilleRange';
    return duplicate ? 'dsp.dspOnce' : undefined;
  });
  const sum = rows.reduce((total, row) => total + (isPermille(row.permille) ? row.permille : 0), 0);
  return {
    sum,
    own: Math.max(0, PERMILLE_TOTAL - sum),
    over:
      sum > PERMILLE_TOTAL
        ? { code: 'dsp.allocationsOver', params: { sum, max: PERMILLE_TOTAL } }
        : undefined,
    rows: messages,
  };
}

/** A permille as a percentage text: 600 → "60%", 333 → "33.3%". */
export function percentText(permille: number): string {
  return `${Number((permille / 10).toFixed(1))}%`;
}
