/** The review and shelf states of a creative as coloured tags; a failed one shows its reason. */
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CreativeAuditState,
  formatDateTime,
  reviewStateOf,
  shelfStateOf,
  type Creative,
} from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { REVIEW_COLORS, SHELF_COLORS } from '../api';

/** Pending, under audit, approved or failed; the reason under a failed one, who decided in a tooltip. */
export function ReviewTag({
  creative,
  showReason = true,
}: {
  creative: Pick<Creative, 'review' | 'reviewed_at' | 'reject_reason' | 'reviewer'>;
  showReason?: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const state = reviewStateOf(creative.review, creative.reviewed_at);
  const decidedBy =
    creative.reviewer && creative.reviewed_at
      ? t('creative.decidedBy', {
          user: creative.reviewer.nickname || creative.reviewer.username,
          time: formatDateTime(creative.reviewed_at),
        })
      : undefined;
  const tag = (
    <Tag color={REVIEW_COLORS[state]} data-state={state}>
      {CreativeAuditState.label(state, lang)}
    </Tag>
  );
  return (
    <div>
      {decidedBy ? <Tooltip title={decidedBy}>{tag}</Tooltip> : tag}
      {showReason && state === 'failed' && creative.reject_reason && (
        <Typography.Paragraph
          type="danger"
          style={{ margin: '4px 0 0', maxWidth: 240, fontSize: 12 }}
          ellipsis={{ rows: 2, tooltip: creative.reject_reason }}
        >
          {t('creative.reasonText', { reason: creative.reject_reason })}
        </Typography.Paragraph>
      )}
    </div>
  );
}

/** Normal, inactive (shelved) or deleted. */
export function ShelfTag({ status }: { status: number }) {
  const lang = currentLanguage();
  const state = shelfStateOf(status);
  return <Tag color={SHELF_COLORS[state]}>{CreativeAuditState.label(state, lang)}</Tag>;
}
