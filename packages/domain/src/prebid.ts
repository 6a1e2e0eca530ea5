/**
 * Adloom as a Prebid Server: the bidder code publishers configure in Prebid.js, the user sync
 * endpoints in Prebid Server's formats and the user id cookie they set
 * (docs/decisions/openrtb-entry.md).
 */

/** The bidder code Adloom answers to (`imp.ext.prebid.bidder.adloom`, seat `adloom`). */
export const ADLOOM_BIDDER = 'adloom';

/** Prebid Server's user sync endpoints: which bidders to sync, and the sync itself. */
export const COOKIE_SYNC_PATH = '/cookie_sync';
export const SETUID_PATH = '/setuid';

/** Our own id of a browser, set by a user sync; frequency caps count on it. */
export const USER_ID_COOKIE = 'adloom_uid';
/** How long the user id cookie lives. */
export const USER_ID_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
/** A user id we take from a sync: printable, cookie-safe and short. */
export const USER_ID_PATTERN = /^[A-Za-z0-9._~-]{1,128}$/;
