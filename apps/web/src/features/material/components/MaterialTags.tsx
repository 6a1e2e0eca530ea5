/** A material's states as tags: transcoding (spinning) → transcoded, or failed with why. */
import { Tag, Tooltip } from 'antd';
import { CheckCircleOutlined, CloseCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TranscodeState, WideStatus, type Material } from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';

export function TranscodeTag({
  material,
}: {
  material: Pick<Material, 'kind' | 'transcode_state' | 'transcode_error'>;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const state = material.transcode_state;
  if (material.kind !== 'video' || state === null) {
    return <Tag color="success">{t('material.ready')}</Tag>;
  }
  const label = TranscodeState.label(state, lang);
  if (state === TranscodeState.transcoding) {
    return (
      <Tag color="processing" icon={<SyncOutlined spin aria-hidden />}>
        {label}
      </Tag>
    );
  }
  if (state === TranscodeState.failed) {
    return (
      <Tooltip title={t('material.transcodeFailedHelp', { error: material.transcode_error ?? '' })}>
        <Tag color="error" icon={<CloseCircleOutlined aria-hidden />} tabIndex={0}>
          {label}
        </Tag>
      </Tooltip>
    );
  }
  return (
    <Tag color="success" icon={<CheckCircleOutlined aria-hidden />}>
      {label}
    </Tag>
  );
}

const STATUS_COLORS: Record<number, string> = {
  [WideStatus.active]: 'green',
  [WideStatus.inactive]: 'default',
  [WideStatus.deleted]: 'red',
};

export function StatusTag({ status }: { status: number }) {
  return <Tag color={STATUS_COLORS[status]}>{WideStatus.label(status, currentLanguage())}</Tag>;
}
