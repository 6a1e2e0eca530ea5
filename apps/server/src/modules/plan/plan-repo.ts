/** SQL over plans: the reach-filtered list with owners and strategy counts, one plan, writes. */
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  like,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { PlanStep } from '@adloom/domain';
import type { Database } from '../../db/client.js';
import { plans, strategies, users } from '../../db/schema.js';
import { keywordMatch, orderOf, type PageWindow } from '../settings/shared/sql.js';

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
export type PlanSort = keyof typeof SORT_COLUMNS;

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
    filter.statuses && filter.statuses.length > 0
      ? inArray(plans.status, filter.statuses)
      : undefined,
    filter.billing === undefined ? undefined : eq(plans.billing, filter.billing),
    filter.complete === undefined
      ? undefined
      : filter.complete
        ? eq(plans.creationStep, PlanStep.complete)
        : ne(plans.creationStep, PlanStep.complete),
  );
}

export async function listPlans(db: Database, filter: PlanFilter, window: PageWindow) {
  const where = whereOf(filter);
  const order = filter.sort
    ? orderOf(SORT_COLUMNS[filter.sort], filter.order, plans.id)
    : [desc(plans.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select(viewColumns)
      .from(plans)
      .innerJoin(users, eq(users.id, plans.ownerId))
      .where(where)
      .orderBy(...order)
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(plans).where(where),
  ]);
  return { rows: rows as PlanView[], total: total?.value ?? 0 };
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
