/**
 * Material pickers for the creative form, usable as antd Form.Item controls (value /
 * onChange): one material of a kind (image, video), or an ordered set of images (group
 * images, up to `max`). Each shows what is chosen (thumbnail, name, size) and opens the
 * library to choose, with an upload right there.
 */
import { useState } from 'react';
import { Button, Space, Typography } from 'antd';
import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  CloseOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Material } from '@adloom/domain';
import { dimensionsText, durationText, sizeText, useMaterial } from '../api';
import { MaterialLibraryModal } from './MaterialLibraryModal';
import { MaterialPreview } from './MaterialPreview';
import { MaterialThumb } from './MaterialThumb';
import styles from './material.module.css';

export { useMaterial };

export interface MaterialPickerProps {
  kind: 'image' | 'video';
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** A line under the choice, e.g. the style's expected size. */
  hint?: string;
  disabled?: boolean;
  /** Set by Form.Item: the Choose button takes it, so the item's label names it. */
  id?: string;
}

function describe(material: Material): string {
  const parts = [dimensionsText(material), sizeText(material.size_bytes)];
  if (material.kind === 'video') parts.push(durationText(material.duration_ms));
  return parts.join(' · ');
}

/** One chosen material, or a placeholder while it loads / when it cannot be read. */
function Chosen({ id, size = 64 }: { id: number; size?: number }) {
  const { t } = useTranslation();
  const { data, isError } = useMaterial(id);
  const [previewing, setPreviewing] = useState(false);
  if (!data) {
    return (
      <span className={styles.chosen}>
        <span className={styles.thumb} style={{ width: size, height: size }} />
        <Typography.Text type={isError ? 'danger' : 'secondary'}>
          {isError ? t('material.missing', { id }) : t('common.loading')}
        </Typography.Text>
      </span>
    );
  }
  return (
    <span className={styles.chosen}>
      <MaterialThumb material={data} size={size} onClick={() => setPreviewing(true)} />
      <span className={styles.chosenText}>
        <Typography.Text ellipsis={{ tooltip: data.name }} style={{ maxWidth: 260 }}>
          {data.name}
        </Typography.Text>
        <Typography.Text type="secondary">{describe(data)}</Typography.Text>
      </span>
      <MaterialPreview material={previewing ? data : null} onClose={() => setPreviewing(false)} />
    </span>
  );
}

export function MaterialPicker({ kind, value, onChange, hint, disabled, id }: MaterialPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const chosen = typeof value === 'number' && value > 0 ? value : null;
  return (
    <div>
      <Space wrap align="center" size="middle">
        {chosen === null ? (
          <Typography.Text type="secondary">{t('material.nothingChosen')}</Typography.Text>
        ) : (
          <Chosen id={chosen} />
        )}
        <Space>
          <Button id={id} disabled={disabled} onClick={() => setOpen(true)}>
            {chosen === null ? t('material.choose') : t('material.change')}
          </Button>
          {chosen !== null && (
            <Button disabled={disabled} onClick={() => onChange?.(null)}>
              {t('material.remove')}
            </Button>
          )}
        </Space>
      </Space>
      {hint && (
        <div>
          <Typography.Text type="secondary">{hint}</Typography.Text>
        </div>
      )}
      {open && (
        <MaterialLibraryModal
          mode="single"
          kind={kind}
          open={open}
          chosen={chosen}
          onClose={() => setOpen(false)}
          onPick={(material) => {
            onChange?.(material.id);
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}

export interface MaterialMultiPickerProps {
  kind: 'image';
  value?: number[];
  onChange?: (ids: number[]) => void;
  max: number;
  hint?: string;
  disabled?: boolean;
  /** Set by Form.Item: the Add button takes it. */
  id?: string;
}

export function MaterialMultiPicker({
  kind,
  value,
  onChange,
  max,
  hint,
  disabled,
  id,
}: MaterialMultiPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const ids = value ?? [];
  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    const [item] = next.splice(index, 1);
    if (item === undefined) return;
    next.splice(index + by, 0, item);
    onChange?.(next);
  };
  return (
    <div>
      <div className={styles.chosenList}>
        {ids.map((materialId, index) => (
          <div key={materialId} className={styles.chosenItem} data-testid="chosen-material">
            <Chosen id={materialId} size={72} />
            <Space size={0}>
              <Button
                type="text"
                size="small"
                icon={<ArrowLeftOutlined aria-hidden />}
                aria-label={t('material.moveEarlier')}
                disabled={disabled || index === 0}
                onClick={() => move(index, -1)}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowRightOutlined aria-hidden />}
                aria-label={t('material.moveLater')}
                disabled={disabled || index === ids.length - 1}
                onClick={() => move(index, 1)}
              />
              <Button
                type="text"
                size="small"
                danger
                icon={<CloseOutlined aria-hidden />}
                aria-label={t('material.remove')}
                disabled={disabled}
                onClick={() => onChange?.(ids.filter((other) => other !== materialId))}
              />
            </Space>
          </div>
        ))}
      </div>
      <Space style={{ marginTop: ids.length > 0 ? 8 : 0 }} wrap>
        <Button
          id={id}
          icon={<PlusOutlined aria-hidden />}
          disabled={disabled}
          onClick={() => setOpen(true)}
        >
          {ids.length === 0 ? t('material.choose') : t('material.change')}
        </Button>
        <Typography.Text type="secondary">
          {ids.length} / {max}
          {hint ? ` · ${hint}` : ''}
        </Typography.Text>
      </Space>
      {open && (
        <MaterialLibraryModal
          mode="multi"
          kind={kind}
          open={open}
          chosen={ids}
          max={max}
          onClose={() => setOpen(false)}
          onDone={(next) => {
            onChange?.(next);
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}
