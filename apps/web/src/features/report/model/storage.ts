/**
 * Saved report configs in local storage (docs/product/constants.md#storage, docs/product/reports.md#saved-configs fields), one versioned key per
 * user and report screen. Whatever is stored is checked on the way in: a corrupt value, or
 * a config that no longer fits the contract, is dropped rather than trusted.
 */
import { z } from 'zod';
import { ReportDimension, ReportMetric, ZReportFilter } from '@adloom/domain';
import type { SavedReportConfig } from './settings';

/** Bump when the stored shape changes; older keys are then simply not read. */
export const STORAGE_VERSION = 1;

export function storageKeyOf(userId: number | string, scope: string): string {
  return `adloom.reportConfigs.v${STORAGE_VERSION}.${userId}.${scope}`;
}

const ZDimension = z.string().refine((value) => ReportDimension.has(value));
const ZMetric = z.string().refine((value) => ReportMetric.has(value));

const ZSavedReportConfig = z.object({
  id: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(100),
  checkedDimensions: z.array(ZDimension).max(ReportDimension.values.length),
  checkedMetrics: z.array(ZMetric).min(1).max(ReportMetric.values.length),
  filterList: z.array(ZReportFilter).max(20),
  chartConfig1: z.object({ metric1: ZMetric, compare: ZDimension }),
  chartConfig2: z.object({ metric1: ZMetric, metric2: ZMetric }),
  modify: z.boolean(),
});

const ZStore = z.object({
  currentId: z.string().nullable(),
  configs: z.array(z.unknown()),
});

export interface ConfigStore {
  /** The config last loaded, saved or created (what the screen opens with). */
  currentId: string | null;
  configs: SavedReportConfig[];
}

export const EMPTY_STORE: ConfigStore = { currentId: null, configs: [] };

/** Reads a store: unreadable JSON or shape → empty; configs that fail the check are left out. */
export function readStore(storage: Storage | undefined, key: string): ConfigStore {
  let raw: string | null;
  try {
    raw = storage?.getItem(key) ?? null;
  } catch {
    return EMPTY_STORE;
  }
  if (raw === null) return EMPTY_STORE;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return EMPTY_STORE;
  }
  const store = ZStore.safeParse(parsed);
  if (!store.success) return EMPTY_STORE;
  const configs: SavedReportConfig[] = [];
  for (const entry of store.data.configs) {
    const config = ZSavedReportConfig.safeParse(entry);
    if (config.success && !configs.some((known) => known.id === config.data.id)) {
      configs.push(config.data as SavedReportConfig);
    }
  }
  const currentId = configs.some((config) => config.id === store.data.currentId)
    ? store.data.currentId
    : null;
  return { currentId, configs };
}

/** Writes a store; a full or forbidden storage keeps the configs for this visit only. */
export function writeStore(storage: Storage | undefined, key: string, store: ConfigStore): boolean {
  try {
    storage?.setItem(key, JSON.stringify(store));
    return storage !== undefined;
  } catch {
    return false;
  }
}

export function newConfigId(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
