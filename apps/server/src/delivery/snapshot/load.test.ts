/**
 * loadSnapshot on a real database (PGlite, and PostgreSQL through TEST_DATABASE_URL): what it
 * takes in, how rows become the engine's configuration, and that a decision serves from it.
 * The PostgreSQL database is shared by the run's files: every check names this file's ids.
 */
import {
  AdStyleType,
  AuctionType,
  Billing,
  PlanStatus,
  PlanStep,
  RejectReason,
} from '@adloom/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { buildCreative, buildMaterial, buildPlan, buildStrategy } from '../../test/ad-factories.js';
import { openTestDatabase } from '../../test/app.js';
import { buildStatsRow, buildUser } from '../../test/factories.js';
import { buildStyle } from '../../test/settings-factories.js';
import { buildDsp, buildMedia, buildSlot, buildSspStrategy } from '../../test/supply-factories.js';
import { decideOwn } from '../decision/decide.js';
import { contextOf, serveRequest } from '../decision/test-kit.js';
import type { Snapshot } from '../types.js';
import { loadSnapshot } from './load.js';

let handle: DatabaseHandle;
let snapshot: Snapshot;
let world: Awaited<ReturnType<typeof buildWorld>>;
const NOW = Date.parse('2026-03-02T10:30:00Z');

async function buildWorld() {
  const db = handle.db;
  const advertiser = await buildUser(db);
  const disabled = await buildUser(db, { status: 1 });
  const publisher = await buildUser(db);
  const imageStyle = await buildStyle(db, { type: AdStyleType.bigImage });
  const videoStyle = await buildStyle(db, { type: AdStyleType.video });
  const groupStyle = await buildStyle(db, { type: AdStyleType.threeImages });
  const textStyle = await buildStyle(db, { type: AdStyleType.text });

  const image = await buildMaterial(db, advertiser.id, { width: 640, height: 100 });
  const icon = await buildMaterial(db, advertiser.id, { width: 120, height: 120 });
  const video = await buildMaterial(db, advertiser.id, {
    kind: 'video',
    mime: 'video/mp4',
    ext: 'mp4',
    width: 1280,
    height: 720,
    durationMs: 15_000,
    transcodedKey: `test/transcoded-${advertiser.id}.mp4`,
    transcodeState: 1,
  });
  const groupImages = [
    await buildMaterial(db, advertiser.id, { width: 228, height: 150 }),
    await buildMaterial(db, advertiser.id, { width: 228, height: 150 }),
    await buildMaterial(db, advertiser.id, { width: 228, height: 150 }),
  ];

  const imageCreative = await buildCreative(db, advertiser.id, {
    styleId: imageStyle.id,
    review: 0,
    imageMaterialId: image.id,
    iconMaterialId: icon.id,
    impressionMonitorUrls: ['https://monitor.example.com/imp'],
    specialConfig: { autoplay: true },
  });
  const videoCreative = await buildCreative(db, advertiser.id, {
    styleId: videoStyle.id,
    review: 0,
    videoMaterialId: video.id,
    iconMaterialId: icon.id,
  });
  const groupCreative = await buildCreative(db, advertiser.id, {
    styleId: groupStyle.id,
    groupMaterialIds: groupImages.map((material) => material.id),
  });
  const textCreative = await buildCreative(db, advertiser.id, { styleId: textStyle.id });
  const unreferenced = await buildCreative(db, advertiser.id, { styleId: imageStyle.id });

  const plan = await buildPlan(db, advertiser.id, {
    status: PlanStatus.live,
    creationStep: PlanStep.complete,
    publishedAt: new Date(),
    billing: Billing.cpc,
    bid: 400_000,
    budget: 70_000_000,
    endAt: new Date('2026-06-30T00:00:00Z'),
    timesPerUser: 3,
    frequencyPerUser: 1,
    intervalSeconds: 600,
    cacheSeconds: 300,
  });
  const targeted = await buildStrategy(db, plan.id, advertiser.id, {
    bid: 600_000,
    styleIds: [imageStyle.id],
    languages: ['en', 'fr'],
    targeting: [{ key: 'country', mode: 'include', values: ['us', 'GB'] }],
    creativeIds: [imageCreative.id, videoCreative.id],
  });
  const inheriting = await buildStrategy(db, plan.id, advertiser.id, {
    bid: null,
    styleIds: [],
    creativeIds: [videoCreative.id, groupCreative.id, textCreative.id],
  });
  const zeroBid = await buildStrategy(db, plan.id, advertiser.id, {
    bid: 0,
    status: 1,
    styleIds: [videoStyle.id],
    creativeIds: [videoCreative.id],
  });
  const draft = await buildPlan(db, advertiser.id, { creationStep: PlanStep.creatives });
  const draftStrategy = await buildStrategy(db, draft.id, advertiser.id, {
    creativeIds: [unreferenced.id],
  });
  const stopped = await buildPlan(db, disabled.id, {
    status: PlanStatus.unlive,
    creationStep: PlanStep.complete,
    publishedAt: new Date(),
  });
  await buildStrategy(db, stopped.id, disabled.id, { creativeIds: [] });
  const cpmPlan = await buildPlan(db, advertiser.id, {
    creationStep: PlanStep.complete,
    billing: Billing.cpm,
  });
  const cpmStrategy = await buildStrategy(db, cpmPlan.id, advertiser.id, {
    creativeIds: [imageCreative.id],
  });

  const hour = (iso: string) => new Date(iso);
  await buildStatsRow(db, {
    hour: hour('2026-02-01T10:00:00Z'),
    strategyId: targeted.id,
    planId: plan.id,
    impressions: 6_000,
    clicks: 50,
  });
  await buildStatsRow(db, {
    hour: hour('2026-02-02T11:00:00Z'),
    strategyId: targeted.id,
    planId: plan.id,
    impressions: 3_000,
    clicks: 40,
    country: 'US',
  });
  await buildStatsRow(db, {
    hour: hour('2026-02-02T11:00:00Z'),
    strategyId: draftStrategy.id,
    impressions: 500,
    clicks: 5,
  });
  await buildStatsRow(db, {
    hour: hour('2026-02-02T11:00:00Z'),
    strategyId: cpmStrategy.id,
    impressions: 700,
    clicks: 7,
  });

  const media = await buildMedia(db, publisher.id, { os: 1, bundle: 'com.example.news' });
  const closedMedia = await buildMedia(db, publisher.id, { status: 1 });
  const slot = await buildSlot(db, media.id, {
    styleIds: [imageStyle.id, videoStyle.id],
    countries: ['US', 'GB'],
    lowestBid: 1_000_000,
    adForm: 1,
    width: 640,
    height: 100,
  });
  const inactiveSlot = await buildSlot(db, media.id, { status: 1 });
  const deletedSlot = await buildSlot(db, media.id, { status: 5 });
  const closedMediaSlot = await buildSlot(db, closedMedia.id);

  const dsp = await buildDsp(db, { config: { seat: 'adloom' }, percent: 800 });
  const inactiveDsp = await buildDsp(db, { status: 1 });
  const low = await buildSspStrategy(db, slot.id, { priority: 10 });
  const high = await buildSspStrategy(db, slot.id, {
    priority: 20,
    triggers: [{ key: 'os', mode: 'include', values: ['1'] }],
    allocations: [
      { dsp_id: dsp.id, permille: 600 },
      { dsp_id: inactiveDsp.id, permille: 100 },
    ],
    config: { bidfloor: 2 },
  });
  const lowLater = await buildSspStrategy(db, slot.id, { priority: 10 });
  const off = await buildSspStrategy(db, slot.id, { priority: 30, status: 1 });

  return {
    advertiser,
    disabled,
    imageStyle,
    videoStyle,
    groupStyle,
    textStyle,
    image,
    icon,
    video,
    groupImages,
    imageCreative,
    videoCreative,
    groupCreative,
    textCreative,
    unreferenced,
    plan,
    targeted,
    inheriting,
    zeroBid,
    draft,
    draftStrategy,
    stopped,
    cpmStrategy,
    media,
    closedMedia,
    slot,
    inactiveSlot,
    deletedSlot,
    closedMediaSlot,
    dsp,
    inactiveDsp,
    low,
    high,
    lowLater,
    off,
  };
}

beforeAll(async () => {
  handle = await openTestDatabase();
  world = await buildWorld();
  snapshot = await loadSnapshot(handle.db, 42, NOW);
});
afterAll(async () => {
  await handle.close();
});

describe('loadSnapshot', () => {
  it('stamps the version and the build time', () => {
    expect(snapshot.version).toBe(42);
    expect(snapshot.builtAt).toBe(NOW);
  });

  it('holds every slot that is not deleted, with its own and its media’s status', () => {
    const { slot, media, inactiveSlot, deletedSlot, closedMediaSlot, closedMedia } = world;
    expect(snapshot.slots.get(slot.id)).toEqual({
      id: slot.id,
      name: slot.name,
      status: 0,
      mediaId: media.id,
      mediaName: media.name,
      mediaStatus: 0,
      mediaOwnerId: media.ownerId,
      mediaOs: 1,
      mediaBundle: 'com.example.news',
      auctionType: AuctionType.second,
      lowestBid: 1_000_000,
      styleIds: new Set([world.imageStyle.id, world.videoStyle.id]),
      adForm: 1,
      countries: new Set(['US', 'GB']),
      width: 640,
      height: 100,
    });
    expect(snapshot.slots.get(inactiveSlot.id)?.status).toBe(1);
    expect(snapshot.slots.get(closedMediaSlot.id)).toMatchObject({
      status: 0,
      mediaId: closedMedia.id,
      mediaStatus: 1,
    });
    expect(snapshot.slots.has(deletedSlot.id)).toBe(false);
  });

  it('holds the plans that finished creation, whatever their status, and not the drafts', () => {
    const { plan, draft, stopped } = world;
    expect(snapshot.plans.get(plan.id)).toEqual({
      id: plan.id,
      ownerId: world.advertiser.id,
      name: plan.name,
      budget: 70_000_000,
      bid: 400_000,
      billing: Billing.cpc,
      scheduleMasks: Array.from({ length: 7 }, () => 0xffffff),
      startAt: Date.parse('2026-01-01T00:00:00Z'),
      endAt: Date.parse('2026-06-30T00:00:00Z'),
      timesPerUser: 3,
      frequencyPerUser: 1,
      intervalSeconds: 600,
      cacheSeconds: 300,
      status: PlanStatus.live,
    });
    expect(snapshot.plans.get(stopped.id)?.status).toBe(PlanStatus.unlive);
    expect(snapshot.plans.has(draft.id)).toBe(false);
    expect(snapshot.strategies.has(world.draftStrategy.id)).toBe(false);
    expect(snapshot.creatives.has(world.unreferenced.id)).toBe(false);
  });

  it('builds strategies with their effective bid, compiled rules and counted totals', () => {
    const { targeted, inheriting, zeroBid } = world;
    const strategy = snapshot.strategies.get(targeted.id);
    expect(strategy).toMatchObject({
      id: targeted.id,
      planId: world.plan.id,
      bid: 600_000,
      styleIds: new Set([world.imageStyle.id]),
      languages: new Set(['en', 'fr']),
      creativeIds: [world.imageCreative.id, world.videoCreative.id],
      status: 0,
      impressions: 9_000,
      clicks: 90,
    });
    expect(strategy?.targeting).toEqual([
      { key: 'country', include: true, values: new Set(['US', 'GB']) },
    ]);
    expect(snapshot.strategies.get(inheriting.id)).toMatchObject({
      bid: 400_000,
      impressions: 0,
      clicks: 0,
      targeting: [],
    });
    expect(snapshot.strategies.get(zeroBid.id)).toMatchObject({ bid: 400_000, status: 1 });
    // Only the CPC click-rate estimate reads the totals: a CPM strategy is not summed.
    expect(snapshot.strategies.get(world.cpmStrategy.id)).toMatchObject({
      bid: 2_000_000,
      impressions: 0,
      clicks: 0,
    });
  });

  it('builds creatives with their style type, served URLs and main visual’s size', () => {
    const { imageCreative, videoCreative, groupCreative, textCreative, image, icon, video } = world;
    expect(snapshot.creatives.get(imageCreative.id)).toMatchObject({
      ownerId: world.advertiser.id,
      styleId: world.imageStyle.id,
      styleType: AdStyleType.bigImage,
      review: 0,
      status: 0,
      width: 640,
      height: 100,
      image: { url: `/files/${image.storageKey}`, width: 640, height: 100 },
      icon: { url: `/files/${icon.storageKey}`, width: 120, height: 120 },
      video: null,
      images: [],
      clickUrl: 'https://example.com/landing',
      impressionMonitorUrls: ['https://monitor.example.com/imp'],
      specialConfig: { autoplay: true },
    });
    expect(snapshot.creatives.get(videoCreative.id)).toMatchObject({
      styleType: AdStyleType.video,
      width: 1280,
      height: 720,
      video: { url: `/files/${video.transcodedKey}`, width: 1280, height: 720, durationMs: 15_000 },
    });
    expect(snapshot.creatives.get(groupCreative.id)).toMatchObject({
      review: 1,
      width: 228,
      height: 150,
      images: world.groupImages.map((material) => ({
        url: `/files/${material.storageKey}`,
        width: 228,
        height: 150,
      })),
    });
    expect(snapshot.creatives.get(textCreative.id)).toMatchObject({
      styleType: AdStyleType.text,
      width: 0,
      height: 0,
      icon: null,
      image: null,
    });
  });

  it('holds the plans’ advertisers with their status', () => {
    expect(snapshot.advertisers.get(world.advertiser.id)).toEqual({
      id: world.advertiser.id,
      status: 0,
    });
    expect(snapshot.advertisers.get(world.disabled.id)).toEqual({
      id: world.disabled.id,
      status: 1,
    });
  });

  it('indexes active strategies by the styles of their creatives', () => {
    const ids = (styleId: number) =>
      (snapshot.strategiesByStyle.get(styleId) ?? [])
        .map((strategy) => strategy.id)
        .filter(
          (id) => id === world.targeted.id || id === world.inheriting.id || id === world.zeroBid.id,
        );
    // `targeted` names the image style only; `zeroBid` is inactive.
    expect(ids(world.imageStyle.id)).toEqual([world.targeted.id]);
    expect(ids(world.videoStyle.id)).toEqual([world.inheriting.id]);
    expect(ids(world.groupStyle.id)).toEqual([world.inheriting.id]);
    expect(ids(world.textStyle.id)).toEqual([world.inheriting.id]);
  });

  it('holds every DSP and the slot’s active SSP strategies in the order they are tried', () => {
    expect(snapshot.dsps.get(world.dsp.id)).toMatchObject({
      status: 0,
      percent: 800,
      config: { seat: 'adloom' },
      requestUrl: 'https://dsp.example.com/openrtb2/bid',
    });
    expect(snapshot.dsps.get(world.inactiveDsp.id)?.status).toBe(1);
    const strategies = snapshot.sspStrategiesBySlot.get(world.slot.id) ?? [];
    expect(strategies.map((strategy) => strategy.id)).toEqual([
      world.high.id,
      world.low.id,
      world.lowLater.id,
    ]);
    expect(strategies[0]).toMatchObject({
      slotId: world.slot.id,
      priority: 20,
      config: { bidfloor: 2 },
      triggers: [{ key: 'os', include: true, values: new Set(['1']) }],
      allocations: [
        { dspId: world.dsp.id, permille: 600 },
        { dspId: world.inactiveDsp.id, permille: 100 },
      ],
    });
  });

  it('feeds a decision that serves the plan on the slot, and explains the rest', () => {
    const request = serveRequest({ slotId: world.slot.id, country: 'US', lang: 'en' });
    const decision = decideOwn(snapshot, request, contextOf({ now: NOW }));
    expect(decision.ranked.map((bid) => [bid.strategy.id, bid.creative.id])).toEqual([
      [world.targeted.id, world.imageCreative.id],
    ]);
    // CPC 0.60 per click at (90 + 10) / (9000 + 1000) = 1 % → 6.00 per mille.
    expect(decision.ranked[0]?.ecpm).toBe(6_000_000);

    const explained = decideOwn(snapshot, request, contextOf({ now: NOW, explain: true }));
    const fateOf = (strategyId: number) =>
      explained.candidates.find((fate) => fate.strategyId === strategyId);
    expect(fateOf(world.targeted.id)?.reason).toBe(RejectReason.served);
    // Its video does not fit the 640 × 100 slot (the rule furthest along); the others are in audit.
    expect(fateOf(world.inheriting.id)).toMatchObject({
      reason: RejectReason.creativeSize,
      creativeId: world.videoCreative.id,
    });
    expect(fateOf(world.zeroBid.id)?.reason).toBe(RejectReason.strategyInactive);
  });
});
