/**
 * System parameters (issue 19): operator-set values read where they apply, changed by the
 * system role as a noted write (before and after in the change log). Until the first save
 * the domain's defaults apply.
 */
import {
  AppError,
  DEFAULT_FUND_APPROVAL_THRESHOLD_MICROS,
  type ChangeNote,
  type SystemParameters,
} from '@adloom/domain';
import type { Database } from '../../../db/client.js';
import type { AuthContext } from '../../../http/types.js';
import { recordChange } from '../../changes/service.js';
import * as repo from './repo.js';

const SINGLE_ROW_ID = 1;

function present(row: repo.SystemParametersRow | undefined): SystemParameters {
  return {
    fund_approval_threshold: row?.fundApprovalThreshold ?? DEFAULT_FUND_APPROVAL_THRESHOLD_MICROS,
    updated_at: row ? row.updatedAt.toISOString() : null,
  };
}

export async function getParameters(db: Database): Promise<SystemParameters> {
  return present(await repo.findParameters(db));
}

/** Credits above this many micros wait for a second fund manager. */
export async function fundApprovalThreshold(db: Database): Promise<number> {
  return (await getParameters(db)).fund_approval_threshold;
}

export interface ParametersBody {
  fund_approval_threshold: number;
  note?: ChangeNote | undefined;
}

export async function modifyParameters(
  db: Database,
  auth: AuthContext,
  body: ParametersBody,
): Promise<SystemParameters> {
  return db.transaction(async (tx) => {
    const before = present(await repo.lockParameters(tx));
    if (before.fund_approval_threshold === body.fund_approval_threshold) {
      throw new AppError('noneUpdate');
    }
    const row = await repo.saveParameters(tx, {
      fundApprovalThreshold: body.fund_approval_threshold,
    });
    await recordChange(tx, {
      targetType: 'systemParameter',
      targetId: SINGLE_ROW_ID,
      method: 'modify',
      before: { fund_approval_threshold: before.fund_approval_threshold },
      after: { fund_approval_threshold: row.fundApprovalThreshold },
      note: body.note,
      auth,
    });
    return present(row);
  });
}
