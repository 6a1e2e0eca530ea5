/** A candidate's or partner's fate as a coloured tag with the domain's en/zh label. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RejectReason } from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { reasonColor } from '../diagnosis';

export function ReasonTag({ reason }: { reason: string }) {
  // Re-renders on a language switch, so the label follows it.
  useTranslation();
  return (
    <Tag color={reasonColor(reason)} data-reason={reason}>
      {RejectReason.label(reason, currentLanguage())}
    </Tag>
  );
}
