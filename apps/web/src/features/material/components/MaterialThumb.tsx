/** A material's small picture: its thumbnail (a video's poster frame) or an icon until made. */
import { FileImageOutlined, PlayCircleFilled, VideoCameraOutlined } from '@ant-design/icons';
import type { Material } from '@adloom/domain';
import { useTranslation } from 'react-i18next';
import { durationText } from '../api';
import styles from './material.module.css';

export function MaterialThumb({
  material,
  size = 64,
  onClick,
}: {
  material: Pick<Material, 'name' | 'kind' | 'thumbnail_url' | 'duration_ms'>;
  size?: number;
  onClick?: () => void;
}) {
  const { t } = useTranslation();
  const video = material.kind === 'video';
  const picture = material.thumbnail_url ? (
    <img
      className={styles.thumbImage}
      src={material.thumbnail_url}
      alt={material.name}
      loading="lazy"
      width={size}
      height={size}
    />
  ) : (
    <span className={styles.thumbEmpty} title={t('material.noThumbnail')}>
      {video ? <VideoCameraOutlined aria-hidden /> : <FileImageOutlined aria-hidden />}
    </span>
  );
  const content = (
    <>
      {picture}
      {video && (
        <span className={styles.thumbBadge}>
          <PlayCircleFilled aria-hidden /> {durationText(material.duration_ms)}
        </span>
      )}
    </>
  );
  const style = { width: size, height: size };
  return onClick ? (
    <button
      type="button"
      className={styles.thumb}
      style={style}
      onClick={onClick}
      // The badge's duration is visible text: the name says it too (WCAG 2.5.3, label in name).
      aria-label={`${t('material.preview')}: ${material.name}${video ? `, ${durationText(material.duration_ms)}` : ''}`}
    >
      {content}
    </button>
  ) : (
    <span className={styles.thumb} style={style}>
      {content}
    </span>
  );
}
