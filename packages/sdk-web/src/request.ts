/**
 * The /serve/ad request of a page: the slot, what the page passes, and what the SDK knows of
 * the browser (OS, the site as the app, a first-party user id, the language, consent).
 */
import { SERVE_AD_PATH } from '@adloom/domain/sdk';
import type { ServeAdAnswer } from '@adloom/domain';

const UID_KEY = 'adloom_uid';

/** Platform codes of SERVE_AD_PARAMS: 1 Android, 2 iOS, 0 any other (a desktop browser). */
export function platformOf(userAgent: string): number {
  if (/android/i.test(userAgent)) return 1;
  if (/iphone|ipad|ipod/i.test(userAgent)) return 2;
  return 0;
}

/** A stable first-party id for frequency caps; a fresh one per page when storage is refused. */
export function userId(storage: Pick<Storage, 'getItem' | 'setItem'> | null): string {
  const made = () =>
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  try {
    const known = storage?.getItem(UID_KEY);
    if (known) return known;
    const id = made();
    storage?.setItem(UID_KEY, id);
    return id;
  } catch {
    return made();
  }
}

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The request URL: the browser's facts first, the page's params over them, consent last. */
export function serveUrl(
  server: string,
  slot: number | string,
  params: Record<string, string | number> = {},
  consent: Record<string, string> = {},
): string {
  const facts: Record<string, string> = {
    slot_id: String(slot),
    os: String(platformOf(navigator.userAgent)),
    app: location.hostname,
    uid: userId(localStore()),
    lang: (navigator.language || '').split('-')[0]?.toLowerCase() ?? '',
  };
  for (const [name, value] of Object.entries(params)) facts[name] = String(value);
  Object.assign(facts, consent);
  const query = Object.entries(facts)
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
  return `${server.replace(/\/+$/, '')}${SERVE_AD_PATH}?${query}`;
}

/** Asks for an ad: the answer, or an Error naming what went wrong. */
export async function fetchAd(url: string): Promise<ServeAdAnswer> {
  const response = await fetch(url, { credentials: 'omit', cache: 'no-store' });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new Error(`adloom: /serve/ad answered ${response.status} ${text.slice(0, 200)}`);
  }
  const answer = (await response.json()) as ServeAdAnswer;
  if (!answer || typeof answer !== 'object' || typeof answer.fill !== 'boolean') {
    throw new Error('adloom: /serve/ad answered something that is not an ad answer');
  }
  return answer;
}
