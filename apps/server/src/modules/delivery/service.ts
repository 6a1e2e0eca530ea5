/**
 * The console's side of the delivery engine: the diagnosis replay ('why did this slot not
 * serve this plan?') and the demand partners' health. Operators (system, ssp) see every
 * candidate; an advertiser or agent (adController) sees the candidates of plans it reaches
 * (access/reach.ts) and only a count of the others.
 */
import {
  AppError,
  OWN_DEMAND_DSP_ID,
  type Diagnosis,
  type PartnerHealth,
  type ENDPOINTS,
  type ParsedBody,
} from '@adloom/domain';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { reachedOwnerIds, reachesEveryone } from '../../access/reach.js';
import type { Database } from '../../db/client.js';
import { dspHealthHourly, dspRejectionsHourly, dsps } from '../../db/schema.js';
import type { DeliveryEngine } from '../../delivery/engine.js';
import { fromServeFacts } from '../../delivery/http/requests.js';
import type { AuthContext } from '../../http/types.js';

type DiagnoseBody = ParsedBody<typeof ENDPOINTS.diagnoseDelivery>;

/**
 * The advertisers whose plans the caller may see in a diagnosis; null = all. Operators see
 * every plan: those who reach every advertiser's objects or every media.
 */
async function visibleOwners(db: Database, auth: AuthContext): Promise<Set<number> | null> {
  const acting = auth.actingUser;
  if (reachesEveryone(acting, 'ads') || reachesEveryone(acting, 'supply')) return null;
  return new Set(await reachedOwnerIds(db, acting, 'ads'));
}

export async function diagnose(
  db: Database,
  engine: DeliveryEngine,
  auth: AuthContext,
  body: DiagnoseBody,
): Promise<Diagnosis> {
  const at = body.at ? Date.parse(body.at) : Date.now();
  const request = fromServeFacts(body, { ip: '', ua: '', headerCountry: '' });
  const { decision, snapshot } = await engine.diagnose(request, at);
  const slot = decision.slot;
  if (!slot) throw AppError.field('slot_id', 'dsp.unknownSlot');
  const owners = await visibleOwners(db, auth);
  let hidden = 0;
  const candidates = decision.candidates.flatMap((fate) => {
    const plan = snapshot.plans.get(fate.planId);
    if (!plan) return [];
    if (body.plan_id !== undefined && plan.id !== body.plan_id) return [];
    if (owners && !owners.has(plan.ownerId)) {
      hidden += 1;
      return [];
    }
    return [
      {
        plan_id: plan.id,
        plan_name: plan.name,
        strategy_id: fate.strategyId,
        strategy_name: snapshot.strategies.get(fate.strategyId)?.name ?? '',
        creative_id: fate.creativeId,
        creative_name: snapshot.creatives.get(fate.creativeId)?.name ?? '',
        ecpm: fate.ecpm,
        reason: fate.reason,
        detail: fate.detail,
      },
    ];
  });
  const winnerVisible =
    decision.winner?.kind === 'own' ? !owners || owners.has(decision.winner.plan.ownerId) : true;
  return {
    slot_id: slot.id,
    slot_name: slot.name,
    media_name: slot.mediaName,
    lowest_bid: slot.lowestBid,
    at: new Date(at).toISOString(),
    no_fill_reason: decision.noFill,
    price: winnerVisible ? decision.price : 0,
    ssp_strategy: decision.sspStrategy
      ? { id: decision.sspStrategy.id, name: decision.sspStrategy.name }
      : null,
    candidates,
    partners: decision.partners.map((fate) => ({
      dsp_id: fate.dspId,
      dsp_name: snapshot.dsps.get(fate.dspId)?.name ?? '',
      permille: fate.permille,
      reason: fate.reason,
      detail: fate.detail,
    })),
    hidden_candidates: hidden,
  };
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const sum = (column: AnyPgColumn) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);

export async function partnerHealth(db: Database, hours: number): Promise<PartnerHealth[]> {
  const since = new Date(Date.now() - hours * 3_600_000);
  since.setUTCMinutes(0, 0, 0);
  const rows = await db
    .select({
      dspId: dsps.id,
      name: dsps.name,
      calls: sum(dspHealthHourly.calls),
      bids: sum(dspHealthHourly.bids),
      timeouts: sum(dspHealthHourly.timeouts),
      errors: sum(dspHealthHourly.errors),
      wins: sum(dspHealthHourly.wins),
      latency: sum(dspHealthHourly.latencyMsSum),
      answered: sum(dspHealthHourly.answered),
      callerLosses: sum(dspHealthHourly.callerLosses),
      unbilled: sum(dspHealthHourly.unbilled),
    })
    .from(dsps)
    .leftJoin(
      dspHealthHourly,
      and(eq(dspHealthHourly.dspId, dsps.id), gte(dspHealthHourly.hour, since)),
    )
    .groupBy(dsps.id, dsps.name)
    .orderBy(dsps.name);
  const refused = await db
    .select({
      dspId: dspRejectionsHourly.dspId,
      reason: dspRejectionsHourly.reason,
      bids: sum(dspRejectionsHourly.bids),
    })
    .from(dspRejectionsHourly)
    .where(gte(dspRejectionsHourly.hour, since))
    .groupBy(dspRejectionsHourly.dspId, dspRejectionsHourly.reason);
  const rejections = new Map<number, { reason: string; bids: number }[]>();
  for (const { dspId, reason, bids } of refused) {
    rejections.set(dspId, [...(rejections.get(dspId) ?? []), { reason, bids }]);
  }
  const mostFirst = (list: { reason: string; bids: number }[]) =>
    list.sort((a, b) => b.bids - a.bids || (a.reason < b.reason ? -1 : 1));
  const partners = rows.map((row) => ({
    dsp_id: row.dspId,
    dsp_name: row.name,
    calls: row.calls,
    bids: row.bids,
    timeouts: row.timeouts,
    errors: row.errors,
    wins: row.wins,
    bid_rate: ratio(row.bids, row.calls),
    timeout_rate: ratio(row.timeouts, row.calls),
    avg_latency_ms: row.answered > 0 ? Math.round(row.latency / row.answered) : null,
    caller_losses: row.callerLosses,
    unbilled: row.unbilled,
    rejections: mostFirst(rejections.get(row.dspId) ?? []),
  }));
  const own = await ownDemandHealth(db, since);
  return own ? [...partners, own] : partners;
}

/**
 * Our own bids as the exchanges that call us bought them: their loss notices and unbilled
 * impressions (OWN_DEMAND_DSP_ID rows); no row when there are none. Calls, bids and latency
 * are a partner's, not ours: zero and null here.
 */
async function ownDemandHealth(db: Database, since: Date): Promise<PartnerHealth | undefined> {
  const [row] = await db
    .select({
      callerLosses: sum(dspHealthHourly.callerLosses),
      unbilled: sum(dspHealthHourly.unbilled),
    })
    .from(dspHealthHourly)
    .where(and(eq(dspHealthHourly.dspId, OWN_DEMAND_DSP_ID), gte(dspHealthHourly.hour, since)));
  if (!row || row.callerLosses + row.unbilled === 0) return undefined;
  return {
    dsp_id: OWN_DEMAND_DSP_ID,
    dsp_name: '',
    calls: 0,
    bids: 0,
    timeouts: 0,
    errors: 0,
    wins: 0,
    bid_rate: null,
    timeout_rate: null,
    avg_latency_ms: null,
    caller_losses: row.callerLosses,
    unbilled: row.unbilled,
    rejections: [],
  };
}
