import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FUND_APPROVAL_THRESHOLD_MICROS,
  FundRequestStatus,
  mayDecide,
  needsSecondApprover,
} from './funds.js';

describe('fund approvals', () => {
  it('sends only credits above the threshold for approval', () => {
    expect(DEFAULT_FUND_APPROVAL_THRESHOLD_MICROS).toBe(10_000_000_000);
    expect(needsSecondApprover(10_000_000_000, DEFAULT_FUND_APPROVAL_THRESHOLD_MICROS)).toBe(false);
    expect(needsSecondApprover(10_000_000_001, DEFAULT_FUND_APPROVAL_THRESHOLD_MICROS)).toBe(true);
    // A threshold of 0 sends every credit.
    expect(needsSecondApprover(1, 0)).toBe(true);
  });

  it('keeps the requester, the user they acted for and the account holder from deciding', () => {
    const request = { userId: 5, requestedBy: 2, requestedActingId: 3 };
    for (const [realUserId, actingUserId] of [
      [2, 2],
      [3, 3],
      [5, 5],
      [9, 2],
      [9, 5],
      [2, 9],
    ] as const) {
      expect(mayDecide(request, { realUserId, actingUserId })).toBe(false);
    }
    expect(mayDecide(request, { realUserId: 9, actingUserId: 9 })).toBe(true);
    expect(
      mayDecide({ ...request, requestedActingId: null }, { realUserId: 3, actingUserId: 3 }),
    ).toBe(true);
  });

  it('labels the statuses in both languages', () => {
    expect(FundRequestStatus.label('pending', 'en')).toBe('Pending approval');
    expect(FundRequestStatus.label('rejected', 'zh')).toBe('已驳回');
  });
});
