/** SQL over materials (with their owners). */
import { WideStatus } from '@adloom/domain';
import { and, asc, count, eq, getTableColumns, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { materials, users } from '../../db/schema.js';
import { keywordMatch, orderOf, toColumns, type PageWindow } from '../../db/sql.js';

export type MaterialInsert = typeof materials.$inferInsert;
export type MaterialRow = typeof materials.$inferSelect & {
  ownerUsername: string;
  ownerNickname: string;
};

/** The owner column, for the reach rule's list condition. */
export const materialOwner = materials.ownerId;

const SORT_COLUMNS = {
  id: materials.id,
  name: materials.name,
  size_bytes: materials.sizeBytes,
  created_at: materials.createdAt,
} as const;
export type MaterialSort = keyof typeof SORT_COLUMNS;

export interface MaterialFilter {
  /** Owners within reach (undefined: all). */
  scope: SQL | undefined;
  keyword?: string | undefined;
  kind?: string | undefined;
  /** Without a status, deleted materials stay out of the library. */
  status?: number | undefined;
  transcodeState?: number | undefined;
  sort?: MaterialSort | undefined;
  order: 'asc' | 'desc';
}

const materialColumns = {
  ...getTableColumns(materials),
  ownerUsername: users.username,
  ownerNickname: users.nickname,
};

const withOwner = (db: Database) =>
  db.select(materialColumns).from(materials).innerJoin(users, eq(users.id, materials.ownerId));

export async function listMaterials(db: Database, filter: MaterialFilter, window: PageWindow) {
  const where = and(
    filter.scope,
    keywordMatch(filter.keyword, [materials.name]),
    filter.kind === undefined ? undefined : eq(materials.kind, filter.kind),
    filter.status === undefined
      ? ne(materials.status, WideStatus.deleted)
      : eq(materials.status, filter.status),
    filter.transcodeState === undefined
      ? undefined
      : eq(materials.transcodeState, filter.transcodeState),
  );
  const [rows, [total]] = await Promise.all([
    withOwner(db)
      .where(where)
      .orderBy(...orderOf(SORT_COLUMNS[filter.sort ?? 'id'], filter.order, materials.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(materials).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function findMaterial(db: Database, id: number): Promise<MaterialRow | undefined> {
  const [row] = await withOwner(db).where(eq(materials.id, id));
  return row;
}

export async function insertMaterial(db: Database, values: MaterialInsert): Promise<MaterialRow> {
  const [inserted] = await db.insert(materials).values(values).returning({ id: materials.id });
  const row = inserted && (await findMaterial(db, inserted.id));
  if (!row) throw new Error('insertMaterial: nothing returned');
  return row;
}

/** Writes changed fields (snake_case, as a form sends them) and answers the updated row. */
export async function updateMaterial(
  db: Database,
  id: number,
  changes: Record<string, unknown>,
): Promise<MaterialRow | undefined> {
  const updated = await db
    .update(materials)
    .set({ ...toColumns<MaterialInsert>(changes), updatedAt: new Date() })
    .where(eq(materials.id, id))
    .returning({ id: materials.id });
  return updated.length > 0 ? findMaterial(db, id) : undefined;
}

/** The transcoder's own writes (state, keys, error): no note, no change log. */
export async function updateTranscode(
  db: Database,
  id: number,
  values: Pick<
    Partial<MaterialInsert>,
    'transcodeState' | 'transcodeError' | 'transcodedKey' | 'thumbnailKey'
  >,
): Promise<void> {
  await db
    .update(materials)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(materials.id, id));
}

/** Videos left transcoding (by a restart), oldest first; `ownerId` narrows to one owner. */
export async function listTranscoding(db: Database, ownerId?: number): Promise<number[]> {
  const rows = await db
    .select({ id: materials.id })
    .from(materials)
    .where(
      and(
        eq(materials.kind, 'video'),
        eq(materials.transcodeState, 0),
        ownerId === undefined ? undefined : eq(materials.ownerId, ownerId),
      ),
    )
    .orderBy(asc(materials.id));
  return rows.map((row) => row.id);
}
