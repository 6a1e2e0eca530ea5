/** The audit state a creative shows (docs/product/advertising.md#creative-review). */
import { CreativeAuditState, CreativeReview, WideStatus } from '../enums.js';
import type { CreativeAuditStateValue } from './style.js';

/**
 * The review of a creative as the audit screens label it (docs/product/advertising.md#creative-review): approved (Approve 0),
 * failed (Reject 2), and for Auditing 1: pending when never reviewed, under audit when it
 * was reviewed before and came back after a content edit.
 */
export function reviewStateOf(
  review: number,
  reviewedAt: string | Date | null,
): 'pending' | 'underAudit' | 'approved' | 'failed' {
  if (review === CreativeReview.approve) return CreativeAuditState.approved;
  if (review === CreativeReview.reject) return CreativeAuditState.failed;
  return reviewedAt === null ? CreativeAuditState.pending : CreativeAuditState.underAudit;
}

/** The shelf of a creative (WideStatus) as labelled: normal, inactive (shelved), deleted. */
export function shelfStateOf(status: number): 'normal' | 'inactive' | 'deleted' {
  if (status === WideStatus.deleted) return CreativeAuditState.deleted;
  if (status === WideStatus.inactive) return CreativeAuditState.inactive;
  return CreativeAuditState.normal;
}

/**
 * The one audit state of a creative: deleted or inactive when it is off the shelf (that
 * decides whether it can serve), otherwise its review state.
 */
export function auditStateOf(creative: {
  review: number;
  status: number;
  reviewed_at: string | Date | null;
}): CreativeAuditStateValue {
  const shelf = shelfStateOf(creative.status);
  if (shelf !== CreativeAuditState.normal) return shelf;
  return reviewStateOf(creative.review, creative.reviewed_at);
}

/** The review states in the order the audit queue offers them: pending first. */
export const REVIEW_STATES = ['pending', 'underAudit', 'approved', 'failed'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
