/**
 * The live configuration's rows the delivery snapshot is built from (load.ts): a handful of
 * set-based queries (none per row), each selecting through subqueries rather than long id
 * lists, read in one transaction by loadSnapshot.
 */
import { Billing, PlanStep, SimpleStatus, WideStatus } from '@adloom/domain';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  adStyles,
  creatives,
  currencyRates,
  dsps,
  materials,
  media,
  plans,
  slots,
  sspStrategies,
  statsHourly,
  strategies,
  users,
} from '../../db/schema.js';

const completePlanIds = (tx: Database) =>
  tx.select({ id: plans.id }).from(plans).where(eq(plans.creationStep, PlanStep.complete));

const cpcStrategyIds = (tx: Database) =>
  tx
    .select({ id: strategies.id })
    .from(strategies)
    .innerJoin(plans, eq(plans.id, strategies.planId))
    .where(and(eq(plans.creationStep, PlanStep.complete), eq(plans.billing, Billing.cpc)));

const referencedCreativeIds = (tx: Database) =>
  tx
    .select({ id: sql<number>`unnest(${strategies.creativeIds})` })
    .from(strategies)
    .where(inArray(strategies.planId, completePlanIds(tx)));

const referencedMaterialIds = (tx: Database) =>
  tx
    .select({
      id: sql<number>`unnest(array[${creatives.iconMaterialId}, ${creatives.imageMaterialId}, ${creatives.videoMaterialId}] || ${creatives.groupMaterialIds})`,
    })
    .from(creatives)
    .where(inArray(creatives.id, referencedCreativeIds(tx)));

const readSlots = (tx: Database) =>
  tx
    .select({
      id: slots.id,
      name: slots.name,
      code: slots.code,
      status: slots.status,
      mediaId: slots.mediaId,
      mediaName: media.name,
      mediaStatus: media.status,
      mediaOwnerId: media.ownerId,
      mediaOs: media.os,
      mediaBundle: media.bundle,
      lowestBid: slots.lowestBid,
      auctionType: slots.auctionType,
      styleIds: slots.styleIds,
      adForm: slots.adForm,
      countries: slots.countries,
      width: slots.width,
      height: slots.height,
    })
    .from(slots)
    .innerJoin(media, eq(media.id, slots.mediaId))
    .where(ne(slots.status, WideStatus.deleted));

const readPlans = (tx: Database) =>
  tx.select().from(plans).where(eq(plans.creationStep, PlanStep.complete));

const readStrategies = (tx: Database) =>
  tx
    .select({
      id: strategies.id,
      planId: strategies.planId,
      name: strategies.name,
      bid: strategies.bid,
      targeting: strategies.targeting,
      styleIds: strategies.styleIds,
      languages: strategies.languages,
      creativeIds: strategies.creativeIds,
      status: strategies.status,
    })
    .from(strategies)
    .where(inArray(strategies.planId, completePlanIds(tx)));

const readCreatives = (tx: Database) =>
  tx
    .select({ creative: creatives, styleType: adStyles.type })
    .from(creatives)
    .innerJoin(adStyles, eq(adStyles.id, creatives.styleId))
    .where(inArray(creatives.id, referencedCreativeIds(tx)));

const readMaterials = (tx: Database) =>
  tx
    .select({
      id: materials.id,
      storageKey: materials.storageKey,
      transcodedKey: materials.transcodedKey,
      width: materials.width,
      height: materials.height,
      durationMs: materials.durationMs,
    })
    .from(materials)
    .where(inArray(materials.id, referencedMaterialIds(tx)));

const readAdvertisers = (tx: Database) =>
  tx
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(
      inArray(
        users.id,
        tx
          .select({ id: plans.ownerId })
          .from(plans)
          .where(eq(plans.creationStep, PlanStep.complete)),
      ),
    );

/**
 * Impressions and clicks so far of the CPC strategies: only their eCPM reads them (the
 * click-rate estimate), so CPM and CPT strategies carry 0 and cost the query nothing.
 */
const readCpcTotals = (tx: Database) =>
  tx
    .select({
      strategyId: statsHourly.strategyId,
      impressions: sql`coalesce(sum(${statsHourly.impressions}), 0)`.mapWith(Number),
      clicks: sql`coalesce(sum(${statsHourly.clicks}), 0)`.mapWith(Number),
    })
    .from(statsHourly)
    .where(inArray(statsHourly.strategyId, cpcStrategyIds(tx)))
    .groupBy(statsHourly.strategyId);

const readDsps = (tx: Database) => tx.select().from(dsps);

const readRates = (tx: Database) =>
  tx
    .select({ code: currencyRates.code, perUsdMicros: currencyRates.perUsdMicros })
    .from(currencyRates)
    .where(eq(currencyRates.status, SimpleStatus.active));

const readSspStrategies = (tx: Database) =>
  tx
    .select()
    .from(sspStrategies)
    .where(eq(sspStrategies.status, SimpleStatus.active))
    .orderBy(asc(sspStrategies.slotId), desc(sspStrategies.priority), asc(sspStrategies.id));

/** Sequential on purpose: a transaction is one connection. */
export async function readConfiguration(tx: Database) {
  const planRows = await readPlans(tx);
  return {
    slots: await readSlots(tx),
    plans: planRows,
    strategies: await readStrategies(tx),
    creatives: await readCreatives(tx),
    materials: await readMaterials(tx),
    advertisers: await readAdvertisers(tx),
    totals: planRows.some((plan) => plan.billing === Billing.cpc) ? await readCpcTotals(tx) : [],
    dsps: await readDsps(tx),
    sspStrategies: await readSspStrategies(tx),
    rates: await readRates(tx),
  };
}

export type ConfigurationRows = Awaited<ReturnType<typeof readConfiguration>>;
