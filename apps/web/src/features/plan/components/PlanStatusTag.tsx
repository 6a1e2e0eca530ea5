/**
 * A plan's status (docs/product/advertising.md#plan-status) as a tag: live green; stalled for short balance (Balance
 * Exhausted, Lack Of Funds) in the warning colour with what to do about it; Out Of Time
 * blue with its reason; Unlive grey; Archived grey with how to bring it back. An unfinished
 * plan says so instead of 'Unlive'.
 */
import { Tag, Tooltip } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  EditOutlined,
  InboxOutlined,
  PauseCircleOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PlanStatus, type Plan } from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { isComplete } from '../api';

/** The statuses the list calls "stalled for short balance". */
export const SHORT_BALANCE_STATUSES: readonly number[] = [
  PlanStatus.balanceExhausted,
  PlanStatus.lackOfFunds,
];

export function PlanStatusTag({ plan }: { plan: Pick<Plan, 'status' | 'creation_step'> }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const label = PlanStatus.label(plan.status, lang);
  if (!isComplete(plan) && plan.status === PlanStatus.unlive) {
    return (
      <Tooltip title={t('plan.status.unfinishedHint')}>
        <Tag icon={<EditOutlined aria-hidden />}>{t('plan.status.unfinished')}</Tag>
      </Tooltip>
    );
  }
  switch (plan.status) {
    case PlanStatus.archived:
      return (
        <Tooltip title={t('plan.list.archivedHint')}>
          <Tag icon={<InboxOutlined aria-hidden />} data-archived="true">
            {label}
          </Tag>
        </Tooltip>
      );
    case PlanStatus.live:
      return (
        <Tag color="success" icon={<CheckCircleOutlined aria-hidden />}>
          {label}
        </Tag>
      );
    case PlanStatus.balanceExhausted:
    case PlanStatus.lackOfFunds:
      return (
        <Tooltip
          title={t(
            plan.status === PlanStatus.lackOfFunds
              ? 'plan.status.lackOfFundsHint'
              : 'plan.status.balanceExhaustedHint',
          )}
        >
          <Tag color="warning" icon={<WarningOutlined aria-hidden />} data-stalled="true">
            {label}
          </Tag>
        </Tooltip>
      );
    case PlanStatus.outOfTime:
      return (
        <Tooltip title={t('plan.status.outOfTimeHint')}>
          <Tag color="processing" icon={<ClockCircleOutlined aria-hidden />}>
            {label}
          </Tag>
        </Tooltip>
      );
    default:
      return (
        <Tag color="default" icon={<PauseCircleOutlined aria-hidden />}>
          {label}
        </Tag>
      );
  }
}
