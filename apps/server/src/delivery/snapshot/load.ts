/**
 * Builds the delivery snapshot (types.ts) from the live configuration. A handful of
 * set-based queries (read.ts; none per row), each selecting through subqueries rather than
 * long id lists, run in one read-only repeatable-read transaction so the pieces agree with
 * each other; building the maps is then plain, synchronous work (buildSnapshot).
 *
 * What it holds: every slot that is not deleted (with its and its media's status, so a
 * diagnosis can say "slot inactive"); plans that finished creation, whatever their status
 * (a diagnosis names the stopped ones), their strategies, the creatives those reference
 * with their materials, the plans' owners; every DSP; the active SSP strategies of each
 * slot; and the impressions and clicks so far of CPC strategies (their click-rate estimate).
 */
import { AuctionType, isAllowedDeeplink, isServableClickUrl } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import { fileUrl } from '../../modules/material/service.js';
import { indexStrategiesByStyle } from '../decision/candidates.js';
import { compileRules } from '../rules.js';
import type {
  AdvertiserConfig,
  AssetConfig,
  CreativeConfig,
  DspConfig,
  PlanConfig,
  SlotConfig,
  Snapshot,
  SspStrategyConfig,
  StrategyConfig,
} from '../types.js';
import { readConfiguration, type ConfigurationRows } from './read.js';

export async function loadSnapshot(db: Database, version: number, now: number): Promise<Snapshot> {
  const rows = await db.transaction((tx) => readConfiguration(tx), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
  return buildSnapshot(rows, version, now);
}

type MaterialRow = ConfigurationRows['materials'][number];
type CreativeRow = ConfigurationRows['creatives'][number];

// ---------------------------------------------------------------- building

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function assetOf(material: MaterialRow | undefined): AssetConfig | null {
  if (!material) return null;
  const asset: AssetConfig = {
    // The web-playable MP4 of a video once transcoded, else the original.
    url: fileUrl(material.transcodedKey ?? material.storageKey),
    width: material.width,
    height: material.height,
  };
  if (material.durationMs !== null) asset.durationMs = material.durationMs;
  return asset;
}

function creativeOf(
  { creative: row, styleType }: CreativeRow,
  materialsById: ReadonlyMap<number, MaterialRow>,
): CreativeConfig {
  const asset = (id: number | null) => (id === null ? null : assetOf(materialsById.get(id)));
  const icon = asset(row.iconMaterialId);
  const image = asset(row.imageMaterialId);
  const images = row.groupMaterialIds
    .map((id) => assetOf(materialsById.get(id)))
    .filter((item): item is AssetConfig => item !== null);
  const video = asset(row.videoMaterialId);
  // The main visual decides the size: the image, else the first of a group (Three Images),
  // else the video, else the icon; a text creative has none (0 × 0).
  const visual = image ?? images[0] ?? video ?? icon;
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    styleId: row.styleId,
    styleType,
    os: row.os,
    language: row.language,
    review: row.review,
    status: row.status,
    width: visual?.width ?? 0,
    height: visual?.height ?? 0,
    title: row.title,
    description: row.description,
    icon,
    image,
    images,
    video,
    clickAction: row.clickAction,
    actionText: row.actionText,
    appName: row.appName,
    appPackage: row.appPackage,
    // Checked again here, the one place every answer reads them from: a row saved before
    // the rules tightened is served without the link it may no longer hold.
    clickUrl: isServableClickUrl(row.clickAction, row.clickUrl) ? row.clickUrl : '',
    deeplinkUrl: isAllowedDeeplink(row.deeplinkUrl) ? row.deeplinkUrl : '',
    impressionMonitorUrls: row.impressionMonitorUrls,
    clickMonitorUrls: row.clickMonitorUrls,
    specialConfig: row.specialConfig,
  };
}

function allocationsOf(stored: unknown): SspStrategyConfig['allocations'] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(isRecord).map((item) => ({
    dspId: Number(item.dsp_id),
    permille: Number(item.permille),
  }));
}

export function buildSnapshot(rows: ConfigurationRows, version: number, now: number): Snapshot {
  const slotMap = new Map<number, SlotConfig>();
  const slotIdsByCode = new Map<string, number>();
  for (const { code, ...row } of rows.slots) {
    if (code) slotIdsByCode.set(code, row.id);
    slotMap.set(row.id, {
      ...row,
      auctionType: row.auctionType === AuctionType.first ? AuctionType.first : AuctionType.second,
      styleIds: new Set(row.styleIds),
      countries: new Set(row.countries.map((code) => code.toUpperCase())),
    });
  }

  const planMap = new Map<number, PlanConfig>();
  for (const row of rows.plans) {
    planMap.set(row.id, {
      id: row.id,
      ownerId: row.ownerId,
      name: row.name,
      budget: row.budget,
      bid: row.bid,
      billing: row.billing,
      scheduleMasks: row.schedule,
      startAt: row.startAt.getTime(),
      endAt: row.endAt ? row.endAt.getTime() : null,
      timesPerUser: row.timesPerUser,
      frequencyPerUser: row.frequencyPerUser,
      intervalSeconds: row.intervalSeconds,
      cacheSeconds: row.cacheSeconds,
      status: row.status,
      ...(row.iabCategory ? { iabCategory: row.iabCategory } : {}),
    });
  }

  const totals = new Map(rows.totals.map((row) => [row.strategyId, row]));
  const strategyMap = new Map<number, StrategyConfig>();
  for (const row of rows.strategies) {
    const plan = planMap.get(row.planId);
    if (!plan) continue;
    const counted = totals.get(row.id);
    strategyMap.set(row.id, {
      id: row.id,
      planId: row.planId,
      name: row.name,
      // The strategy's own bid when set (0 is stored as null, but be safe), else the plan's.
      bid: row.bid ? row.bid : plan.bid,
      targeting: compileRules(row.targeting),
      styleIds: new Set(row.styleIds),
      languages: new Set(row.languages),
      creativeIds: row.creativeIds,
      status: row.status,
      impressions: counted?.impressions ?? 0,
      clicks: counted?.clicks ?? 0,
    });
  }

  const materialsById = new Map(rows.materials.map((row) => [row.id, row]));
  const creativeMap = new Map<number, CreativeConfig>();
  for (const row of rows.creatives)
    creativeMap.set(row.creative.id, creativeOf(row, materialsById));

  const advertiserMap = new Map<number, AdvertiserConfig>(
    rows.advertisers.map((row) => [row.id, { id: row.id, status: row.status }]),
  );

  const dspMap = new Map<number, DspConfig>();
  for (const row of rows.dsps) {
    dspMap.set(row.id, {
      id: row.id,
      name: row.name,
      type: row.type,
      slotType: row.slotType,
      timeoutMs: row.timeoutMs,
      requestUrl: row.requestUrl,
      cpm: row.cpm,
      percent: row.percent,
      config: isRecord(row.config) ? row.config : {},
      status: row.status,
    });
  }

  // Rows come ordered by slot, priority desc, id asc: the order a request tries them.
  const sspBySlot = new Map<number, SspStrategyConfig[]>();
  for (const row of rows.sspStrategies) {
    if (!slotMap.has(row.slotId)) continue;
    const config: SspStrategyConfig = {
      id: row.id,
      slotId: row.slotId,
      name: row.name,
      config: isRecord(row.config) ? row.config : {},
      triggers: compileRules(row.triggers),
      allocations: allocationsOf(row.allocations),
      percent: row.percent,
      priority: row.priority,
      status: row.status,
    };
    const list = sspBySlot.get(row.slotId);
    if (list) list.push(config);
    else sspBySlot.set(row.slotId, [config]);
  }

  return {
    version,
    builtAt: now,
    slots: slotMap,
    slotIdsByCode,
    plans: planMap,
    strategies: strategyMap,
    creatives: creativeMap,
    advertisers: advertiserMap,
    dsps: dspMap,
    rates: new Map(rows.rates.map((row) => [row.code, row.perUsdMicros])),
    sspStrategiesBySlot: sspBySlot,
    strategiesByStyle: indexStrategiesByStyle(strategyMap.values(), creativeMap),
  };
}
