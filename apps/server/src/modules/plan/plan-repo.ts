/**
 * SQL over plans: the reach-filtered list with owners, strategy counts and today's delivery,
 * one plan, writes.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  like,
  lt,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { PlanStatus, PlanStep, type PlanSortKey } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import { plans, statsPlanHourly, strategies, users } from '../../db/schema.js';
import { keywordMatch, orderOf, type PageWindow } from '../../db/sql.js';

export type PlanRow = typeof plans.$inferSelect;
/** The owner column, for the reach condition of the list (access/reach.ts, realm ads). */
export const planOwnerColumn = plans.ownerId;
export type PlanInsert = typeof plans.$inferInsert;

/** A plan with its owner's names and how many strategies it has. */
export interface PlanView extends PlanRow {
  ownerUsername: string;
  ownerNickname: string;
  strategyCount: number;
}

/** Drizzle renders columns in a select's own sql unqualified, so the correlation is spelled out. */
const strategyCount = sql<number>`(select count(*) from ${strategies} where ${strategies}.${sql.identifier(
  strategies.planId.name,
)} = ${plans}.${sql.identifier(plans.id.name)})`;

const viewColumns = {
  ...getTableColumns(plans),
  ownerUsername: users.username,
  ownerNickname: users.nickname,
  strategyCount: strategyCount.mapWith(Number).as('strategy_count'),
};

const SORT_COLUMNS = {
  id: plans.id,
  name: plans.name,
  budget: plans.budget,
  bid: plans.bid,
  status: plans.status,
  start_at: plans.startAt,
  updated_at: plans.updatedAt,
} as const;
export type PlanSort = PlanSortKey;

/** Today's delivery of a plan on the list (0 when it has none). */
export interface PlanTodayRow {
  spend: number;
  impressions: number;
  clicks: number;
}

export type PlanListRow = PlanView & { today: PlanTodayRow };

const DAY_MS = 86_400_000;

/**
 * Every plan's delivery over the UTC day holding `now`, summed from the plan rollup (one row
 * per plan and hour, kept by the stats triggers): one grouped subquery joined to the page,
 * so sorting by it covers the whole list and the page costs one query, not one per row.
 */
function todayOf(db: Database, now: Date) {
  const start = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  return db
    .select({
      planId: statsPlanHourly.planId,
      spend: sql<number>`sum(${statsPlanHourly.cost})`.as('today_spend'),
      impressions: sql<number>`sum(${statsPlanHourly.impressions})`.as('today_impressions'),
      clicks: sql<number>`sum(${statsPlanHourly.clicks})`.as('today_clicks'),
    })
    .from(statsPlanHourly)
    .where(
      and(
        gte(statsPlanHourly.hour, new Date(start)),
        lt(statsPlanHourly.hour, new Date(start + DAY_MS)),
        ne(statsPlanHourly.planId, 0),
      ),
    )
    .groupBy(statsPlanHourly.planId)
    .as('today');
}

type TodayTable = ReturnType<typeof todayOf>;

/** The sort expressions of today's figures; CTR and pacing are ratios, none (no impressions) last. */
function todaySortOf(today: TodayTable, sort: PlanSortKey): SQL | undefined {
  const spend = sql`coalesce(${today.spend}, 0)`;
  const impressions = sql`coalesce(${today.impressions}, 0)`;
  const clicks = sql`coalesce(${today.clicks}, 0)`;
  switch (sort) {
    case 'spend_today':
      return spend;
    case 'impressions':
      return impressions;
    case 'clicks':
      return clicks;
    case 'ctr':
      return sql`(${clicks})::float8 / nullif(${impressions}, 0)`;
    case 'pacing':
      return sql`(${spend})::float8 / nullif(${plans.budget}, 0)`;
    default:
      return undefined;
  }
}

function orderByOf(today: TodayTable, sort: PlanSortKey | undefined, order: 'asc' | 'desc'): SQL[] {
  if (!sort) return [desc(plans.id)];
  const figure = todaySortOf(today, sort);
  if (figure) {
    const direction = order === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
    return [sql`${figure} ${direction}`, order === 'desc' ? desc(plans.id) : asc(plans.id)];
  }
  return orderOf(SORT_COLUMNS[sort as keyof typeof SORT_COLUMNS], order, plans.id);
}

export interface PlanFilter {
  /** The reach condition on the owner (ownerScope); undefined = every plan. */
  scope: SQL | undefined;
  keyword?: string | undefined;
  statuses?: number[] | undefined;
  billing?: number | undefined;
  /** True: completed plans; false: those still in the creation flow. */
  complete?: boolean | undefined;
  /** Undefined: newest first. */
  sort?: PlanSort | undefined;
  order: 'asc' | 'desc';
}

/** The keyword matches the name, or the id when it is a number. */
function keywordOf(keyword: string | undefined): SQL | undefined {
  const byName = keywordMatch(keyword, [plans.name]);
  const text = keyword?.trim() ?? '';
  if (!/^\d{1,9}$/.test(text)) return byName;
  return or(byName, eq(plans.id, Number(text)));
}

function whereOf(filter: PlanFilter): SQL | undefined {
  return and(
    filter.scope,
    keywordOf(filter.keyword),
    // Archived plans are asked for by their status; every other list leaves them out.
    filter.statuses && filter.statuses.length > 0
      ? inArray(plans.status, filter.statuses)
      : ne(plans.status, PlanStatus.archived),
    filter.billing === undefined ? undefined : eq(plans.billing, filter.billing),
    filter.complete === undefined
      ? undefined
      : filter.complete
        ? eq(plans.creationStep, PlanStep.complete)
        : ne(plans.creationStep, PlanStep.complete),
  );
}

export async function listPlans(
  db: Database,
  filter: PlanFilter,
  window: PageWindow,
  now = new Date(),
): Promise<{ rows: PlanListRow[]; total: number }> {
  const where = whereOf(filter);
  const today = todayOf(db, now);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...viewColumns,
        todaySpend: today.spend,
        todayImpressions: today.impressions,
        todayClicks: today.clicks,
      })
      .from(plans)
      .innerJoin(users, eq(users.id, plans.ownerId))
      .leftJoin(today, eq(today.planId, plans.id))
      .where(where)
      .orderBy(...orderByOf(today, filter.sort, filter.order))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(plans).where(where),
  ]);
  return {
    rows: rows.map(({ todaySpend, todayImpressions, todayClicks, ...view }) => ({
      ...(view as PlanView),
      today: {
        spend: Number(todaySpend ?? 0),
        impressions: Number(todayImpressions ?? 0),
        clicks: Number(todayClicks ?? 0),
      },
    })),
    total: total?.value ?? 0,
  };
}

/** Of `ids`, those that exist and those of them within `scope` (the reach condition). */
export async function planIdsInScope(
  db: Database,
  ids: number[],
  scope: SQL | undefined,
): Promise<{ existing: Set<number>; inScope: Set<number> }> {
  const rows = await db
    .select({ id: plans.id, reached: scope ? sql<boolean>`${scope}` : sql<boolean>`true` })
    .from(plans)
    .where(inArray(plans.id, ids));
  return {
    existing: new Set(rows.map((row) => row.id)),
    inScope: new Set(rows.filter((row) => row.reached).map((row) => row.id)),
  };
}

export async function findPlanView(db: Database, id: number): Promise<PlanView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(plans)
    .innerJoin(users, eq(users.id, plans.ownerId))
    .where(eq(plans.id, id));
  return row as PlanView | undefined;
}

export async function findPlan(db: Database, id: number): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

/** Locks the plan row until the transaction ends (SELECT … FOR UPDATE). */
export async function lockPlan(tx: Database, id: number): Promise<PlanRow | undefined> {
  const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
  return row;
}

export async function insertPlan(db: Database, values: PlanInsert): Promise<number> {
  const [row] = await db.insert(plans).values(values).returning({ id: plans.id });
  if (!row) throw new Error('insertPlan: nothing returned');
  return row.id;
}

/** Writes the given columns; false when the plan does not exist. */
export async function updatePlan(
  db: Database,
  id: number,
  changes: Partial<PlanInsert>,
): Promise<boolean> {
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<PlanInsert>;
  const rows = await db
    .update(plans)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(plans.id, id))
    .returning({ id: plans.id });
  return rows.length > 0;
}

/** The names of the owner's plans starting with `prefix` (to name a copy). */
export async function planNamesStartingWith(
  db: Database,
  ownerId: number,
  prefix: string,
): Promise<string[]> {
  const pattern = `${prefix.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await db
    .select({ name: plans.name })
    .from(plans)
    .where(and(eq(plans.ownerId, ownerId), like(plans.name, pattern)));
  return rows.map((row) => row.name);
}
