/**
 * Status moves of running plans (docs/product/advertising.md#plan-status, docs/product/design.md#delivery-engine). A plan the system runs
 * (Live 0, Out Of Time 1, Balance Exhausted 2, Lack Of Funds 3) has the status its
 * conditions give it, checked in this order:
 *
 *   1. Out Of Time (1)        its end_at has passed;
 *   2. Lack Of Funds (3)      its owner's ledger balance is ≤ 0;
 *   3. Balance Exhausted (2)  its spend today (stats_hourly, this UTC day's hours) ≥ its
 *                             daily budget;
 *   4. Live (0)               otherwise.
 *
 * Only plans now Live, Balance Exhausted or Lack Of Funds are looked at, so:
 *   - live → 2, 3 or 1 as its spend, its owner's balance or its end say;
 *   - Balance Exhausted → Live at a new UTC day (today's spend starts at 0) when funds
 *     remain, → 3 when the balance is gone, → 1 when it has ended;
 *   - Lack Of Funds → Live after a top-up (balance above 0) when it has not ended (or → 2
 *     when today's budget is spent already), → 1 when it has ended;
 *   - Out Of Time stays (a person restarts the plan, which sets its status from scratch);
 *   - Unlive (7), a plan a person stopped, never moves.
 * The UPDATE touches only rows whose status changes, so the configuration version (and
 * every process's snapshot rebuild) moves only on a real change.
 */
import { PlanStatus } from '@adloom/domain';
import { sql } from 'drizzle-orm';
import { selectRows, type Database } from '../../db/client.js';

const DAY_MS = 86_400_000;

export interface PlanStatusMove {
  planId: number;
  from: number;
  to: number;
}

export interface PlanStatusScope {
  /** The time the conditions are read at, epoch ms. */
  now: number;
  /** Only the plans of these owners (those a flush just billed); every running plan without. */
  ownerIds?: readonly number[];
}

const code = (status: number) => sql.raw(String(status));
const RUNNING = sql.raw(
  [PlanStatus.live, PlanStatus.balanceExhausted, PlanStatus.lackOfFunds].join(', '),
);

/** Applies the rules above in one statement; answers the plans that moved. */
export async function applyPlanStatusMoves(
  db: Database,
  scope: PlanStatusScope,
): Promise<PlanStatusMove[]> {
  if (scope.ownerIds?.length === 0) return [];
  const dayStart = Math.floor(scope.now / DAY_MS) * DAY_MS;
  const now = new Date(scope.now).toISOString();
  const from = new Date(dayStart).toISOString();
  const to = new Date(dayStart + DAY_MS).toISOString();
  const owners =
    scope.ownerIds === undefined
      ? sql``
      : sql`and p.owner_id = any(${`{${scope.ownerIds.join(',')}}`}::int[])`;

  const rows = await selectRows<{ id: number; from: number; to: number }>(
    db,
    sql`
      with candidates as (
        select p.id, p.owner_id, p.budget, p.end_at, p.status
        from plans p
        where p.status in (${RUNNING}) ${owners}
      ), owners as (
        select distinct owner_id from candidates
      ), balances as (
        select o.owner_id, coalesce((
          select l.balance_after from ledger_entries l
          where l.user_id = o.owner_id order by l.id desc limit 1
        ), 0) as balance
        from owners o
      ), spent as (
        select s.plan_id, sum(s.cost) as cost
        from stats_hourly s
        join owners o on o.owner_id = s.advertiser_id
        where s.hour >= ${from}::timestamptz and s.hour < ${to}::timestamptz
          and s.plan_id in (select id from candidates)
        group by s.plan_id
      ), targets as (
        select c.id, c.status as previous,
          case
            when c.end_at is not null and c.end_at <= ${now}::timestamptz then ${code(PlanStatus.outOfTime)}
            when b.balance <= 0 then ${code(PlanStatus.lackOfFunds)}
            when coalesce(sp.cost, 0) >= c.budget then ${code(PlanStatus.balanceExhausted)}
            else ${code(PlanStatus.live)}
          end::smallint as status
        from candidates c
        join balances b on b.owner_id = c.owner_id
        left join spent sp on sp.plan_id = c.id
      )
      update plans p set status = t.status
      from targets t
      where p.id = t.id and p.status <> t.status and p.status in (${RUNNING})
      returning p.id, t.previous as "from", p.status as "to"
    `,
  );
  return rows.map((row) => ({ planId: row.id, from: Number(row.from), to: Number(row.to) }));
}
