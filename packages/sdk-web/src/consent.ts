/**
 * The page's consent, read from its CMP when it has one: IAB TCF v2 (`__tcfapi`), GPP
 * (`__gpp`) and US Privacy (`__uspapi`). Each is asked once with a deadline; a CMP that does
 * not answer in time leaves its parameters out (the request is not held up).
 */
import { SERVE_CONSENT_PARAMS } from '@adloom/domain/sdk';

type CmpCallback = (data: unknown, success: boolean) => void;
interface CmpWindow {
  __tcfapi?: (command: string, version: number, callback: CmpCallback) => void;
  __gpp?: (command: string, callback: CmpCallback) => void;
  __uspapi?: (command: string, version: number, callback: CmpCallback) => void;
}

export const CONSENT_TIMEOUT_MS = 500;

function ask(call: (callback: CmpCallback) => void, timeoutMs: number): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    try {
      call((data, success) => {
        clearTimeout(timer);
        resolve(success === false ? null : data);
      });
    } catch {
      clearTimeout(timer);
      resolve(null);
    }
  });
}

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : null;

/** The consent query parameters the page's CMPs give, by their /serve/ad names. */
export async function readConsent(
  page: CmpWindow = window as CmpWindow,
  timeoutMs = CONSENT_TIMEOUT_MS,
): Promise<Record<string, string>> {
  const names = SERVE_CONSENT_PARAMS;
  const found: Record<string, string> = {};
  const tcf = page.__tcfapi;
  const gpp = page.__gpp;
  const usp = page.__uspapi;
  const [tcData, gppData, uspData] = await Promise.all([
    tcf ? ask((cb) => tcf('getTCData', 2, cb), timeoutMs) : null,
    gpp ? ask((cb) => gpp('ping', cb), timeoutMs) : null,
    usp ? ask((cb) => usp('getUSPData', 1, cb), timeoutMs) : null,
  ]);
  const tc = record(tcData);
  if (tc) {
    if (typeof tc.gdprApplies === 'boolean') found[names.gdpr] = tc.gdprApplies ? '1' : '0';
    if (typeof tc.tcString === 'string' && tc.tcString) found[names.gdprConsent] = tc.tcString;
  }
  const gp = record(gppData);
  if (gp) {
    if (typeof gp.gppString === 'string' && gp.gppString) found[names.gpp] = gp.gppString;
    if (Array.isArray(gp.applicableSections)) {
      const sections = gp.applicableSections.filter((n): n is number => Number.isInteger(n));
      if (sections.length > 0) found[names.gppSid] = sections.join(',');
    }
  }
  const us = record(uspData);
  if (us && typeof us.uspString === 'string' && us.uspString) {
    found[names.usPrivacy] = us.uspString;
  }
  return found;
}
