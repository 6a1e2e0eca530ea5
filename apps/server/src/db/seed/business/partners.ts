/**
 * The business demo's partner demand: a news app of the operator whose SDK slots sell through
 * SSP strategies to the demo partners (delivery/simulate/demo-partners.ts, answered in this
 * process), so the supply report and partner health have partners. A media of its own: the
 * demo publisher's pages take the games app's slots (the first SDK slot of each form), which
 * stay with our own demand.
 */
import { AdForm, AdStyleType, DspType, Platform } from '@adloom/domain';
import { DEMO_PARTNERS } from '../../../delivery/simulate/demo-partners.js';
import type { Database } from '../../client.js';
import { dsps, media, slots, sspStrategies } from '../../schema.js';
import { sdkSlotMaker } from './supply.js';

/** Our take of a demo partner's price, permille passed on to the publisher. */
const PASSED_ON = 850;

/** Each news slot's SSP strategy: permille by DEMO_PARTNERS index (the rest is our own DSP). */
const SPLITS: Record<'banner' | 'feed' | 'interstitial', readonly number[]> = {
  banner: [450, 350, 0],
  feed: [300, 250, 250],
  interstitial: [250, 0, 550],
};

export async function seedBusinessPartners(
  tx: Database,
  ids: Map<string, number>,
): Promise<number> {
  const ownerId = ids.get('operator');
  if (ownerId === undefined) return 0;
  const sdkSlot = await sdkSlotMaker(tx);
  const { stylesOf } = sdkSlot;

  const partners = await tx
    .insert(dsps)
    .values(
      DEMO_PARTNERS.map((partner) => ({
        name: partner.name,
        type: DspType.rtb,
        slotType: AdForm.unlimited,
        timeoutMs: 250,
        requestUrl: partner.requestUrl,
        percent: PASSED_ON,
        config: { seat: partner.seat },
      })),
    )
    .returning({ id: dsps.id });
  const [news] = await tx
    .insert(media)
    .values({ ownerId, name: 'City News (demo)', os: Platform.ios, bundle: 'com.adloom.citynews' })
    .returning({ id: media.id });
  if (!news) return 0;
  const slot = (name: string, adForm: number, floor: string, styles: number[]) =>
    sdkSlot(news.id, name, adForm, floor, styles);
  const rows = await tx
    .insert(slots)
    .values([
      slot(
        'Article banner',
        AdForm.banner,
        '0.3',
        stylesOf(AdStyleType.smallImage, AdStyleType.text),
      ),
      slot(
        'Headlines feed',
        AdForm.feed,
        '0.6',
        stylesOf(AdStyleType.bigImage, AdStyleType.smallImage),
      ),
      slot(
        'Between articles',
        AdForm.interstitial,
        '1',
        stylesOf(AdStyleType.imageOnly, AdStyleType.bigImage),
      ),
    ])
    .returning({ id: slots.id, adForm: slots.adForm });
  const slotOf = (adForm: number) => rows.find((row) => row.adForm === adForm)?.id;
  const strategies = (
    [
      ['banner', AdForm.banner],
      ['feed', AdForm.feed],
      ['interstitial', AdForm.interstitial],
    ] as const
  ).flatMap(([key, adForm]) => {
    const slotId = slotOf(adForm);
    const allocations = SPLITS[key].flatMap((permille, index) => {
      const dspId = partners[index]?.id;
      return dspId && permille > 0 ? [{ dsp_id: dspId, permille }] : [];
    });
    return slotId ? [{ slotId, name: `Partners on ${key} (demo)`, allocations }] : [];
  });
  if (strategies.length > 0) await tx.insert(sspStrategies).values(strategies);
  return partners.length;
}
