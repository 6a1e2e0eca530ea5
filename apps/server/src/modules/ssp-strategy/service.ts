/**
 * SSP strategies (docs/product/supply.md#ssp-strategies, issue 6): the filtered list, create, modify, switch — each write
 * checked (checks.ts) and noted (change_log, target type sspStrategy; the same fields again
 * answer 'None Update') — and a slot's traffic split. Roles system and ssp only (the
 * routes' access); both reach every slot, so there is no per-object reach rule here.
 * Semantics in docs/decisions/supply.md.
 */
import {
  ownPermille,
  type SlotSplit,
  type SspStrategy,
  type SspStrategyFields,
} from '@adloom/domain';
import type { Database } from '../../db/client.js';
import {
  createNoted,
  modifyNoted,
  notFound,
  splitModifyBody,
  switchNoted,
  type ModifyBody,
  type SwitchBody,
  type Writer,
} from '../changes/noted.js';
import { pageOf } from '../../http/present.js';
import { windowOf } from '../../db/sql.js';
import { assertStrategyRules } from './checks.js';
import {
  canonicalPatch,
  presentStrategy,
  sharesOf,
  sspStrategyEntity,
  storedAllocations,
  strategyColumnsOf,
  strategyFieldsOf,
  type SspStrategyEditable,
} from './present.js';
import * as repo from './repo.js';
import type { SspStrategySort, SspStrategyView } from './repo.js';

export interface SspStrategyQuery {
  page: number;
  size: number;
  keyword?: string | undefined;
  sort?: SspStrategySort | undefined;
  order: 'asc' | 'desc';
  slot_id?: number | undefined;
  dsp_id?: number | undefined;
  status?: number | undefined;
}

const partnersOf = (db: Database, rows: readonly { allocations: unknown }[]) =>
  repo.dspsByIds(
    db,
    rows.flatMap((row) => storedAllocations(row.allocations).map((item) => item.dsp_id)),
  );

async function present(db: Database, row: SspStrategyView): Promise<SspStrategy> {
  return presentStrategy(row, await partnersOf(db, [row]));
}

export async function listSspStrategies(db: Database, query: SspStrategyQuery) {
  const { rows, total } = await repo.listStrategies(
    db,
    {
      keyword: query.keyword,
      slotId: query.slot_id,
      dspId: query.dsp_id,
      status: query.status,
      sort: query.sort,
      order: query.order,
    },
    windowOf(query.page, query.size),
  );
  const partners = await partnersOf(db, rows);
  return pageOf(
    rows.map((row) => presentStrategy(row, partners)),
    total,
    query,
  );
}

async function reloadView(tx: Database, id: number): Promise<SspStrategyView> {
  const row = await repo.findStrategyView(tx, id);
  if (!row) throw notFound(sspStrategyEntity.label, id);
  return row;
}

export async function createSspStrategy(
  writer: Writer,
  body: SspStrategyFields,
): Promise<SspStrategy> {
  const draft = canonicalPatch(body) as SspStrategyEditable;
  await assertStrategyRules(writer.db, draft);
  const row = await createNoted(sspStrategyEntity, writer, async (tx) => {
    const id = await repo.insertStrategy(tx, {
      slotId: draft.slot_id,
      name: draft.name,
      config: draft.config,
      triggers: draft.triggers,
      allocations: draft.allocations,
      priority: draft.priority,
      percent: draft.percent,
    });
    return reloadView(tx, id);
  });
  return present(writer.db, row);
}

export async function modifySspStrategy(
  writer: Writer,
  body: ModifyBody<SspStrategyEditable>,
): Promise<SspStrategy> {
  const { id, note, patch } = splitModifyBody(body);
  const row = await modifyNoted(
    sspStrategyEntity,
    { ...writer, note },
    {
      id,
      patch: canonicalPatch(patch),
      view: strategyFieldsOf,
      validate: (merged, current) =>
        assertStrategyRules(writer.db, merged, strategyFieldsOf(current)),
      update: async (tx, strategyId, changes) => {
        const found = await repo.updateStrategy(tx, strategyId, strategyColumnsOf(changes));
        return found ? reloadView(tx, strategyId) : undefined;
      },
    },
  );
  return present(writer.db, row);
}

/** Active (0) or inactive (1): an inactive strategy is kept but never matches. */
export async function switchSspStrategy(writer: Writer, body: SwitchBody): Promise<SspStrategy> {
  const row = await switchNoted(sspStrategyEntity, writer, body, async (tx, id, status) => {
    const found = await repo.updateStrategy(tx, id, { status });
    return found ? reloadView(tx, id) : undefined;
  });
  return present(writer.db, row);
}

/** The slot's active strategies in the order they are tried, each with its shares and the rest. */
export async function getSlotSplit(db: Database, slotId: number): Promise<SlotSplit> {
  const slot = await repo.findSlot(db, slotId);
  if (!slot) throw notFound('Slot', slotId);
  const rows = await repo.activeStrategiesOfSlot(db, slotId);
  const partners = await partnersOf(db, rows);
  return {
    slot_id: slot.id,
    slot_name: slot.name,
    media_name: slot.mediaName,
    strategies: rows.map((row) => {
      const fields = strategyFieldsOf(row);
      return {
        id: row.id,
        name: fields.name,
        priority: fields.priority,
        triggers: fields.triggers,
        shares: sharesOf(fields.allocations, partners),
        own_permille: ownPermille(fields.allocations),
      };
    }),
  };
}
