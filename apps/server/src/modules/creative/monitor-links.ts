import { fieldIssue } from '@adloom/domain';
/**
 * The save-time check of a creative's monitor links: each must pass the outbound URL guard
 * the demand partners' URLs pass (http(s), no credentials, no loopback, private or other
 * non-public address, also after DNS), so a creative cannot aim the server's monitor pings
 * into internal networks. The pinger checks again on the address it connects to.
 */
import type { CreativeFields, FieldIssue } from '@adloom/domain';
import { checkOutboundUrl, type GuardOptions } from '../../outbound/url-guard.js';

export const MONITOR_FIELDS = ['impression_monitor_urls', 'click_monitor_urls'] as const;

/**
 * The issues of the monitor links in `fields` (a modify passes only what changed), one per
 * refused link on its own path (`click_monitor_urls.2`). The guard's messages are creative
 * rule messages too (CREATIVE_RULE_MESSAGES), so the console shows them in either language.
 */
export async function monitorUrlIssues(
  fields: Partial<Pick<CreativeFields, (typeof MONITOR_FIELDS)[number]>>,
  options: GuardOptions,
): Promise<FieldIssue[]> {
  const checks = MONITOR_FIELDS.flatMap((field) =>
    (fields[field] ?? []).map(async (url, index) => {
      const verdict = await checkOutboundUrl(url, options);
      return verdict.ok ? undefined : fieldIssue(`${field}.${index}`, verdict.code);
    }),
  );
  return (await Promise.all(checks)).filter((issue) => issue !== undefined);
}
