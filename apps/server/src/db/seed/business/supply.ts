/**
 * The business demo's supply: a games app whose SDK slots cover every ad form, so each page
 * of the demo publisher site (/demo/publisher) fills from a seeded campaign. Sizes are 0
 * (unlimited): the slot takes whatever visual its styles allow.
 */
import { AdForm, AdStyleType, Platform, SupplyType, toMicros } from '@adloom/domain';
import type { Database } from '../../client.js';
import { adStyles, adTypes, media, slots } from '../../schema.js';

export interface BusinessSlots {
  banner: number;
  interstitial: number;
  splash: number;
  feed: number;
  rewarded: number;
}

/**
 * Makes the values of an SDK slot of unlimited size (the settings' style and ad type ids read
 * once); `stylesOf` answers the ids of styles by their types.
 */
export async function sdkSlotMaker(tx: Database) {
  const styleRows = await tx.select({ id: adStyles.id, type: adStyles.type }).from(adStyles);
  const typeRows = await tx.select({ id: adTypes.id, adForm: adTypes.adForm }).from(adTypes);
  const stylesOf = (...types: number[]) =>
    styleRows.filter((style) => types.includes(style.type)).map((style) => style.id);
  const adTypeOf = (adForm: number) => typeRows.find((row) => row.adForm === adForm)?.id ?? null;
  const make = (
    mediaId: number,
    name: string,
    adForm: number,
    floor: string,
    styles: number[],
  ) => ({
    mediaId,
    name,
    lowestBid: toMicros(floor),
    styleIds: styles,
    adTypeId: adTypeOf(adForm),
    adForm,
    supplyType: SupplyType.sdk,
  });
  return Object.assign(make, { stylesOf });
}

export async function seedBusinessSupply(
  tx: Database,
  ids: Map<string, number>,
): Promise<BusinessSlots | null> {
  const ownerId = ids.get('operator');
  if (ownerId === undefined) return null;
  const sdkSlot = await sdkSlotMaker(tx);
  const [games] = await tx
    .insert(media)
    .values({
      ownerId,
      name: 'Puzzle Arcade (demo)',
      os: Platform.android,
      bundle: 'com.adloom.arcade',
    })
    .returning({ id: media.id });
  if (!games) return null;
  const { stylesOf } = sdkSlot;
  const slot = (name: string, adForm: number, floor: string, styles: number[]) =>
    sdkSlot(games.id, name, adForm, floor, styles);
  const images = [AdStyleType.imageOnly, AdStyleType.bigImage];
  const rows = await tx
    .insert(slots)
    .values([
      slot(
        'Level banner',
        AdForm.banner,
        '0.4',
        stylesOf(AdStyleType.smallImage, AdStyleType.text),
      ),
      slot('Between levels', AdForm.interstitial, '1.2', stylesOf(...images, AdStyleType.video)),
      slot('Open splash', AdForm.splash, '1.5', stylesOf(AdStyleType.imageOnly, AdStyleType.video)),
      slot(
        'Leaderboard feed',
        AdForm.feed,
        '0.8',
        stylesOf(AdStyleType.bigImage, AdStyleType.threeImages, AdStyleType.smallImage),
      ),
      slot('Extra lives (rewarded)', AdForm.rewardedVideo, '3', stylesOf(AdStyleType.video)),
    ])
    .returning({ id: slots.id, adForm: slots.adForm });
  const of = (adForm: number) => rows.find((row) => row.adForm === adForm)?.id ?? 0;
  return {
    banner: of(AdForm.banner),
    interstitial: of(AdForm.interstitial),
    splash: of(AdForm.splash),
    feed: of(AdForm.feed),
    rewarded: of(AdForm.rewardedVideo),
  };
}
