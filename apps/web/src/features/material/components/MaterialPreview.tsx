/** A material at full size: the image, or the video with controls (the web MP4 once made). */
import { Alert, Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { MaterialKind, TranscodeState, type Material } from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { dimensionsText, durationText, sizeText } from '../api';
import { TranscodeTag } from './MaterialTags';
import styles from './material.module.css';

export function MaterialPreview({
  material,
  onClose,
}: {
  material: Material | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const video = material?.kind === 'video';
  const playable = material?.transcode_state === TranscodeState.transcoded;
  return (
    <Modal
      title={material?.name}
      open={material !== null}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
    >
      {material && (
        <>
          {!video ? (
            <img className={styles.previewImage} src={material.url} alt={material.name} />
          ) : playable ? (
            <video
              className={styles.preview}
              src={material.url}
              poster={material.thumbnail_url ?? undefined}
              controls
              preload="metadata"
              aria-label={material.name}
            />
          ) : (
            <Alert
              type={material.transcode_state === TranscodeState.failed ? 'error' : 'info'}
              showIcon
              title={
                material.transcode_state === TranscodeState.failed
                  ? t('material.transcodeFailedHelp', { error: material.transcode_error ?? '' })
                  : t('material.notPlayable')
              }
            />
          )}
          <Descriptions
            size="small"
            column={2}
            style={{ marginTop: 16 }}
            items={[
              {
                key: 'kind',
                label: t('material.kind'),
                children: MaterialKind.label(material.kind, lang),
              },
              { key: 'size', label: t('material.size'), children: sizeText(material.size_bytes) },
              {
                key: 'dimensions',
                label: t('material.dimensions'),
                children: dimensionsText(material),
              },
              ...(video
                ? [
                    {
                      key: 'duration',
                      label: t('material.duration'),
                      children: durationText(material.duration_ms),
                    },
                    {
                      key: 'state',
                      label: t('material.state'),
                      children: <TranscodeTag material={material} />,
                    },
                  ]
                : []),
              {
                key: 'file',
                label: t('material.openOriginal'),
                children: (
                  <a href={material.url} target="_blank" rel="noreferrer">
                    {material.mime}
                  </a>
                ),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
