/** A row's small picture of a creative; hovering shows the whole preview in its style. */
import { Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdStyle, Creative } from '@adloom/domain';
import { CreativePreview } from './CreativePreview';

const box = {
  width: 72,
  height: 48,
  borderRadius: 4,
  display: 'block',
  border: '1px solid #e5e5e5',
  background: '#fafafa',
} as const;

export function CreativeThumb({
  creative,
  style,
}: {
  creative: Creative;
  style: AdStyle | undefined;
}) {
  const { t } = useTranslation();
  const asset =
    creative.assets.find((item) => item.id === creative.image_material_id) ??
    creative.assets.find((item) => item.kind === 'image' || item.thumbnail_url !== null);
  const src = asset ? (asset.kind === 'video' ? asset.thumbnail_url : asset.url) : null;
  return (
    <Popover
      content={<CreativePreview creative={creative} style={style} />}
      placement="right"
      mouseEnterDelay={0.2}
    >
      <button
        type="button"
        // Without a picture the button shows the title: its name names what it shows.
        aria-label={t('creative.previewOf', {
          name: src ? creative.name : creative.title || creative.name,
        })}
        style={{ padding: 0, border: 0, background: 'none', cursor: 'zoom-in' }}
      >
        {src ? (
          <img src={src} alt="" loading="lazy" style={{ ...box, objectFit: 'cover' }} />
        ) : (
          <span
            style={{
              ...box,
              padding: '2px 4px',
              fontSize: 10,
              lineHeight: 1.2,
              overflow: 'hidden',
              textAlign: 'left',
              color: 'rgba(0, 0, 0, 0.62)',
              boxSizing: 'border-box',
            }}
          >
            {creative.title || creative.name}
          </span>
        )}
      </button>
    </Popover>
  );
}
