/**
 * Which bidders a /cookie_sync request lets us sync, and how (docs/decisions/partner-privacy.md,
 * user syncs): the request's privacy signals judged per partner vendor id — under the GDPR a
 * sync stores an id on the device, so TCF purpose 1 consent and the partner's vendor consent
 * are needed; a US opt-out of sale (us_privacy or a GPP section) stops every partner sync —
 * and Prebid's filterSettings (iframe/image, include/exclude). Refusals carry Prebid Server's
 * reasons ("Rejected by TCF", "Rejected by CCPA", "Rejected by request filter").
 */
import { z } from 'zod';
import {
  gppSignals,
  optedOutOfSale,
  tcfAllowsStorage,
  type PrivacySignals,
} from '../upstream/privacy.js';

/** How the browser is sent to a bidder's sync: an image (Prebid's "image") or an iframe. */
export type SyncType = 'redirect' | 'iframe';

/** Why a bidder gets no sync, in Prebid Server's words. */
export const SYNC_REFUSAL = {
  tcf: 'Rejected by TCF',
  ccpa: 'Rejected by CCPA',
  filter: 'Rejected by request filter',
} as const;
export type SyncRefusal = (typeof SYNC_REFUSAL)[keyof typeof SYNC_REFUSAL];

const ZTypeFilter = z.object({
  bidders: z.union([z.literal('*'), z.array(z.string())]).optional(),
  filter: z.enum(['include', 'exclude']).optional(),
});

/** Prebid's `filterSettings`: `iframe` and `image` (redirect) rules. */
export const ZFilterSettings = z.object({
  iframe: ZTypeFilter.optional(),
  image: ZTypeFilter.optional(),
});
export type FilterSettings = z.infer<typeof ZFilterSettings>;

/**
 * Whether the request's filter lets `bidder` sync by `type`. A type the settings do not
 * mention is allowed for every bidder (Prebid Server's default); a rule without `bidders`
 * means every bidder, without `filter` means include.
 */
export function filterAllows(
  settings: FilterSettings | undefined,
  type: SyncType,
  bidder: string,
): boolean {
  const rule = type === 'iframe' ? settings?.iframe : settings?.image;
  if (!rule) return true;
  const bidders = rule.bidders ?? '*';
  const listed = bidders === '*' || bidders.includes(bidder);
  return (rule.filter ?? 'include') === 'include' ? listed : !listed;
}

/** The consent a /cookie_sync body carries, as privacy signals. */
export function syncSignals(body: {
  gdpr?: string | number;
  gdpr_consent?: string;
  us_privacy?: string;
  gpp?: string;
  gpp_sid?: string | number[];
}): PrivacySignals {
  const sid = Array.isArray(body.gpp_sid)
    ? body.gpp_sid
    : (body.gpp_sid ?? '').split(',').filter(Boolean).map(Number);
  return {
    coppa: false,
    gdpr: String(body.gdpr) === '1',
    consent: body.gdpr_consent?.trim() ?? '',
    usPrivacy: body.us_privacy?.trim() ?? '',
    limitTracking: false,
    gpp: body.gpp?.trim() ?? '',
    gppSid: sid.filter((id) => Number.isInteger(id) && id > 0),
  };
}

/**
 * Why a partner with this GVL vendor id may not sync under these signals; null when it may.
 * GDPR first (a string that does not decode, or no vendor id, is no consent), then the US.
 */
export function partnerSyncRefusal(
  signals: PrivacySignals,
  vendorId: number | undefined,
): SyncRefusal | null {
  const gpp = gppSignals(signals);
  if (signals.gdpr || gpp.gdpr) {
    if (!tcfAllowsStorage(signals.consent || gpp.consent, vendorId)) return SYNC_REFUSAL.tcf;
  }
  if (optedOutOfSale(signals.usPrivacy) || gpp.usOptOut) return SYNC_REFUSAL.ccpa;
  return null;
}
