/**
 * What stops when a media or slot stops serving, counted by the server (GET /svc/ssp/impact):
 * its live slots and their ad requests in the last 24 hours and 7 days.
 */
import { useQuery } from '@tanstack/react-query';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCount, getSupplyImpact } from '@adloom/domain';
import { call } from '../../../lib/api';
import { endpointKey } from '../../../lib/query';

export function SupplyImpact({
  target,
  id,
  help,
}: {
  target: 'media' | 'slot';
  id: number;
  /** What the action itself means ('A deleted slot cannot be restored.'). */
  help?: string;
}) {
  const { t } = useTranslation();
  const impact = useQuery({
    queryKey: endpointKey(getSupplyImpact, { target, id }),
    queryFn: ({ signal }) => call(getSupplyImpact, { query: { target, id }, signal, silent: true }),
    staleTime: 0,
  });
  const data = impact.data;
  const text = impact.isPending
    ? t('media.impactLoading')
    : !data
      ? t('media.impactFailed')
      : data.live_slots === 0
        ? t('media.impactNone')
        : t('media.impact', {
            count: data.live_slots,
            day: formatCount(data.requests_24h),
            week: formatCount(data.requests_7d),
          });
  return (
    <Space orientation="vertical" size={4}>
      {help && <Typography.Text>{help}</Typography.Text>}
      <Typography.Text strong data-testid="supply-impact">
        {text}
      </Typography.Text>
    </Space>
  );
}
