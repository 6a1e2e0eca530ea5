/**
 * The base demo supply: a media of the operator with three slots, and two demand partners
 * at example.com-style addresses.
 */
import { AdForm, AdStyleType, DspType, Platform, SupplyType, toMicros } from '@adloom/domain';
import type { Database } from '../client.js';
import { adStyles, adTypes, dsps, media, slots } from '../schema.js';

/** Who owns the demo media (slot and ssp roles). */
const DEMO_PUBLISHER = 'operator';

/**
 * A demo media of the operator with three slots (a banner, a feed of unlimited size and a
 * splash) supporting the seeded styles, so a fresh install has supply to look at.
 */
export async function seedDemoSupply(tx: Database, ids: Map<string, number>): Promise<void> {
  const ownerId = ids.get(DEMO_PUBLISHER);
  if (ownerId === undefined) return;
  const styleRows = await tx.select({ id: adStyles.id, type: adStyles.type }).from(adStyles);
  const typeRows = await tx.select({ id: adTypes.id, adForm: adTypes.adForm }).from(adTypes);
  const stylesOf = (...types: number[]) =>
    styleRows.filter((style) => types.includes(style.type)).map((style) => style.id);
  const adTypeOf = (adForm: number) => typeRows.find((row) => row.adForm === adForm)?.id ?? null;
  const [news] = await tx
    .insert(media)
    .values({
      ownerId,
      name: 'Adloom News (demo)',
      os: Platform.android,
      bundle: 'com.adloom.news',
    })
    .returning({ id: media.id });
  if (!news) return;
  await tx.insert(slots).values([
    {
      mediaId: news.id,
      name: 'Home banner',
      lowestBid: toMicros('0.5'),
      styleIds: stylesOf(AdStyleType.text, AdStyleType.smallImage),
      adTypeId: adTypeOf(AdForm.banner),
      adForm: AdForm.banner,
      countries: ['US', 'GB', 'CA'],
      width: 320,
      height: 50,
      supplyType: SupplyType.sdk,
    },
    {
      mediaId: news.id,
      name: 'Article feed',
      lowestBid: toMicros('1'),
      styleIds: stylesOf(AdStyleType.text, AdStyleType.bigImage, AdStyleType.threeImages),
      adTypeId: adTypeOf(AdForm.feed),
      adForm: AdForm.feed,
      supplyType: SupplyType.sdk,
    },
    {
      mediaId: news.id,
      name: 'Launch splash',
      lowestBid: toMicros('2'),
      styleIds: stylesOf(AdStyleType.imageOnly, AdStyleType.video),
      adTypeId: adTypeOf(AdForm.splash),
      adForm: AdForm.splash,
      width: 1080,
      height: 1920,
      supplyType: SupplyType.rtbApi,
    },
  ]);
}

/**
 * Two demo demand partners (example.com-style URLs, so the test action shows what an
 * unreachable partner looks like): an OpenRTB bidder for every slot type and a rewarded
 * video partner.
 */
export async function seedDemoDsps(tx: Database): Promise<void> {
  await tx.insert(dsps).values([
    {
      name: 'Example Exchange Bidder',
      type: DspType.rtb,
      slotType: AdForm.unlimited,
      timeoutMs: 300,
      requestUrl: 'https://bidder.example.com/openrtb2/auction',
      testUrl: 'https://bidder.example.com/openrtb2/test',
      cpm: toMicros('10'),
      percent: 1000,
      config: { seat: 'adloom-demo' },
    },
    {
      name: 'Example Rewarded Video DSP',
      type: DspType.rtb,
      slotType: AdForm.rewardedVideo,
      timeoutMs: 500,
      requestUrl: 'https://video-dsp.example.net/rtb/bid',
      cpm: toMicros('15'),
      percent: 900,
    },
  ]);
}
