/**
 * A creative as its style shows it on a device (docs/product/advertising.md#creatives; style types of docs/product/constants.md#enumerations):
 * Text, Image Only, Small Image, Big Image, Three Images, Video, with the icon, title,
 * description, images, video (poster and player), app name and action button the style
 * carries. Missing assets show as placeholders of the style's size. Used by the creative
 * form (live), the lists, the audit queue and the plan screens.
 */
import type { CSSProperties, ReactNode } from 'react';
import { PictureOutlined, PlayCircleFilled, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  AdStyleType,
  ClickAction,
  GROUP_IMAGE_COUNT,
  formatSizeLimit,
  styleRules,
  type AdStyle,
  type CreativeAsset,
  type CreativeElement,
  type CreativeFields,
  type SizeLimit,
  unreachable,
} from '@adloom/domain';
import styles from './CreativePreview.module.css';

export type PreviewCreative = Partial<CreativeFields> & {
  assets?: CreativeAsset[];
  /** The style's type when no style is given (lists carry it). */
  style_type?: number;
};

const DEFAULT_ACTION_KEYS: Record<number, string> = {
  [ClickAction.openUrl]: 'creative.preview.learnMore',
  [ClickAction.downloadApp]: 'creative.preview.install',
  [ClickAction.telephone]: 'creative.preview.call',
};

function ratioOf(size: SizeLimit | null | undefined): CSSProperties | undefined {
  if (!size || size.width <= 0 || size.height <= 0) return undefined;
  return { aspectRatio: `${size.width} / ${size.height}` };
}

function Placeholder({
  kind,
  size,
  fallbackRatio,
}: {
  kind: 'image' | 'video';
  size: SizeLimit | null | undefined;
  fallbackRatio: string;
}) {
  const { t } = useTranslation();
  const label = kind === 'video' ? t('creative.preview.video') : t('creative.preview.image');
  const sized = size && (size.width > 0 || size.height > 0) ? formatSizeLimit(size) : null;
  return (
    <div
      className={styles.placeholder}
      style={ratioOf(size) ?? { aspectRatio: fallbackRatio }}
      role="img"
      aria-label={sized ? `${label} ${sized}` : label}
    >
      {kind === 'video' ? (
        <VideoCameraOutlined className={styles.placeholderIcon} aria-hidden />
      ) : (
        <PictureOutlined className={styles.placeholderIcon} aria-hidden />
      )}
      <span aria-hidden>{sized ? `${label} · ${sized}` : label}</span>
    </div>
  );
}

function Picture({
  asset,
  size,
  fallbackRatio = '16 / 9',
}: {
  asset: CreativeAsset | undefined;
  size: SizeLimit | null | undefined;
  fallbackRatio?: string;
}) {
  if (!asset) return <Placeholder kind="image" size={size} fallbackRatio={fallbackRatio} />;
  return (
    <img
      className={styles.media}
      src={asset.thumbnail_url && asset.kind === 'video' ? asset.thumbnail_url : asset.url}
      alt=""
      loading="lazy"
      style={ratioOf(size) ?? ratioOf(asset) ?? { aspectRatio: fallbackRatio }}
    />
  );
}

function Video({
  asset,
  poster,
  size,
  compact,
}: {
  asset: CreativeAsset | undefined;
  poster: CreativeAsset | undefined;
  size: SizeLimit | null | undefined;
  compact: boolean;
}) {
  const { t } = useTranslation();
  if (!asset) return <Placeholder kind="video" size={size} fallbackRatio="16 / 9" />;
  const posterUrl = asset.thumbnail_url ?? poster?.url;
  const ratio = ratioOf(size) ?? ratioOf(asset) ?? { aspectRatio: '16 / 9' };
  if (compact) {
    return (
      <div className={styles.videoWrap}>
        {posterUrl ? (
          <img className={styles.media} src={posterUrl} alt="" loading="lazy" style={ratio} />
        ) : (
          <Placeholder kind="video" size={size} fallbackRatio="16 / 9" />
        )}
        <span className={styles.play} aria-hidden>
          <PlayCircleFilled />
        </span>
      </div>
    );
  }
  return (
    <video
      className={styles.media}
      src={asset.url}
      poster={posterUrl ?? undefined}
      controls
      muted
      playsInline
      preload="none"
      style={ratio}
      aria-label={t('creative.preview.video')}
    />
  );
}

function Icon({ asset, text }: { asset: CreativeAsset | undefined; text: string }) {
  if (asset) return <img className={styles.icon} src={asset.url} alt="" loading="lazy" />;
  return (
    <span className={`${styles.icon} ${styles.iconPlaceholder}`} aria-hidden>
      {[...text.trim()][0]?.toUpperCase() ?? <PictureOutlined />}
    </span>
  );
}

export function CreativePreview({
  creative,
  style,
  compact = false,
}: {
  creative: PreviewCreative;
  style: AdStyle | undefined;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const type = style?.type ?? creative.style_type ?? AdStyleType.bigImage;
  const rules = style ? styleRules(style) : undefined;
  const assets = new Map((creative.assets ?? []).map((asset) => [asset.id, asset]));
  const assetOf = (id: number | null | undefined) =>
    id === null || id === undefined ? undefined : assets.get(id);
  // Without a style, show what the creative holds.
  const shows = (element: CreativeElement, filled: boolean) =>
    rules ? rules.elements.has(element) : filled;

  const title = creative.title?.trim() ?? '';
  const description = creative.description?.trim() ?? '';
  const appName = creative.app_name?.trim() ?? '';
  const clickAction = creative.click_action ?? ClickAction.openUrl;
  const actionKey = DEFAULT_ACTION_KEYS[clickAction];
  const actionText = creative.action_text?.trim() || (actionKey ? t(actionKey) : '');
  const icon = assetOf(creative.icon_material_id);
  const image = assetOf(creative.image_material_id);
  const video = assetOf(creative.video_material_id);
  const group = creative.group_material_ids ?? [];

  const showIcon = shows('icon', icon !== undefined);
  const showTitle = shows('title', title !== '') || type === AdStyleType.text;
  const showDescription = shows('description', description !== '');
  const showAppName =
    appName !== '' && (shows('appName', true) || clickAction === ClickAction.downloadApp);
  const showAction =
    clickAction !== ClickAction.noAction &&
    actionText !== '' &&
    (shows('actionText', creative.action_text?.trim() !== '') || type === AdStyleType.text);

  const titleNode = showTitle && (
    <div className={title ? styles.title : `${styles.title} ${styles.empty}`}>
      {title || t('creative.preview.titlePlaceholder')}
    </div>
  );
  const descriptionNode = showDescription && (
    <div className={description ? styles.description : `${styles.description} ${styles.empty}`}>
      {description || t('creative.preview.descriptionPlaceholder')}
    </div>
  );
  const header = (
    <div className={styles.header}>
      {showIcon && <Icon asset={icon} text={appName || title} />}
      <div className={styles.headerText}>
        {type !== AdStyleType.smallImage && titleNode}
        {showAppName && <div className={styles.appName}>{appName}</div>}
      </div>
      <span className={styles.badge}>{t('creative.preview.ad')}</span>
    </div>
  );
  const headerShown = type !== AdStyleType.smallImage || showIcon || showAppName;
  const footer = (showAction || !headerShown) && (
    <div className={styles.footer}>
      {headerShown ? <span /> : <span className={styles.badge}>{t('creative.preview.ad')}</span>}
      {showAction && <span className={styles.action}>{actionText}</span>}
    </div>
  );

  // A style type this console does not know is previewed as a big image.
  const known = AdStyleType.has(type) ? type : AdStyleType.bigImage;
  let body: ReactNode;
  switch (known) {
    case AdStyleType.text:
      body = (
        <>
          {header}
          {descriptionNode}
          {footer}
        </>
      );
      break;
    case AdStyleType.imageOnly:
      body = <Picture asset={image} size={style?.img_size} />;
      break;
    case AdStyleType.smallImage:
      body = (
        <>
          <div className={styles.row}>
            <div className={styles.side}>
              <Picture asset={image} size={style?.img_size} fallbackRatio="3 / 2" />
            </div>
            <div className={styles.rowText}>
              {titleNode}
              {descriptionNode}
            </div>
          </div>
          {headerShown && header}
          {footer}
        </>
      );
      break;
    case AdStyleType.threeImages:
      body = (
        <>
          {header}
          <div className={styles.three}>
            {Array.from({ length: GROUP_IMAGE_COUNT }, (_, index) => (
              <Picture
                key={index}
                asset={assetOf(group[index])}
                size={style?.img3_size}
                fallbackRatio="3 / 2"
              />
            ))}
          </div>
          {descriptionNode}
          {footer}
        </>
      );
      break;
    case AdStyleType.video:
      body = (
        <>
          {header}
          <Video asset={video} poster={image} size={style?.video_size} compact={compact} />
          {descriptionNode}
          {footer}
        </>
      );
      break;
    case AdStyleType.bigImage:
      body = (
        <>
          {header}
          <Picture asset={image} size={style?.img_size} />
          {descriptionNode}
          {footer}
        </>
      );
      break;
    default:
      unreachable(known);
  }

  return (
    <figure
      className={compact ? `${styles.frame} ${styles.compact}` : styles.frame}
      aria-label={t('creative.preview.label')}
      style={{ margin: 0 }}
    >
      {body}
    </figure>
  );
}
