/**
 * Drag-and-drop upload with a real progress bar per file (XMLHttpRequest progress events),
 * the browser's pre-checks of type and size (the server decides), the server's refusals in
 * the interface language, and each uploaded video's transcoding state, live.
 */
import { useRef, useState } from 'react';
import { Alert, Form, Input, Progress, Tag, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  UPLOAD_MESSAGES,
  getMaterial,
  listMaterials,
  type Material,
  type MaterialKind,
  type EnumValue,
} from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { acceptOf, precheckFile, uploadErrorText, uploadMaterialFile, useMaterial } from '../api';
import { TranscodeTag } from './MaterialTags';
import styles from './material.module.css';

type KindValue = EnumValue<typeof MaterialKind>;

interface UploadItem {
  uid: string;
  name: string;
  percent: number;
  status: 'uploading' | 'done' | 'error';
  error?: string;
  materialId?: number;
}

/** A finished video's state, polled until transcoded (or failed). */
function UploadedState({ id }: { id: number }) {
  const { t } = useTranslation();
  const { data } = useMaterial(id);
  if (!data) return <Tag color="success">{t('material.uploaded')}</Tag>;
  return data.kind === 'video' ? (
    <TranscodeTag material={data} />
  ) : (
    <Tag color="success">{t('material.uploaded')}</Tag>
  );
}

export function MaterialUploader({
  kind,
  onUploaded,
  withName = false,
}: {
  /** Only this kind is offered (the picker); any kind when undefined (the library). */
  kind?: KindValue;
  onUploaded?(material: Material): void;
  /** Shows the optional name field (applies to the next file). */
  withName?: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [name, setName] = useState('');
  const counter = useRef(0);

  const update = (uid: string, patch: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.uid === uid ? { ...item, ...patch } : item)));

  const refusal = (key: keyof typeof UPLOAD_MESSAGES) => UPLOAD_MESSAGES[key][lang];

  const start = (file: File) => {
    counter.current += 1;
    const uid = `upload-${counter.current}`;
    const precheck = precheckFile(file);
    const wrongKind =
      kind !== undefined &&
      precheck === null &&
      !acceptOf(kind)
        .split(',')
        .some((ext) => file.name.toLowerCase().endsWith(ext));
    if (precheck || wrongKind) {
      setItems((current) => [
        { uid, name: file.name, percent: 0, status: 'error', error: refusal(precheck ?? 'type') },
        ...current,
      ]);
      return;
    }
    setItems((current) => [{ uid, name: file.name, percent: 0, status: 'uploading' }, ...current]);
    const chosenName = name;
    setName('');
    uploadMaterialFile(file, {
      name: chosenName,
      onProgress: (percent) => update(uid, { percent }),
    }).then(
      async (material) => {
        update(uid, { status: 'done', percent: 100, materialId: material.id });
        queryClient.setQueryData([getMaterial.path, { id: material.id }], material);
        await queryClient.invalidateQueries({ queryKey: [listMaterials.path] });
        onUploaded?.(material);
      },
      (error: unknown) => update(uid, { status: 'error', error: uploadErrorText(error, lang) }),
    );
  };

  return (
    <div>
      {withName && (
        <Form layout="vertical" component="div">
          <Form.Item
            label={t('material.nameLabel')}
            extra={t('material.nameHelp')}
            htmlFor="material-upload-name"
          >
            <Input
              id="material-upload-name"
              value={name}
              maxLength={128}
              onChange={(event) => setName(event.target.value)}
            />
          </Form.Item>
        </Form>
      )}
      <Upload.Dragger
        accept={acceptOf(kind)}
        multiple
        showUploadList={false}
        beforeUpload={(file) => {
          start(file);
          // The upload is ours (XMLHttpRequest with progress): antd sends nothing.
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{t('material.dropHint')}</p>
        <p className="ant-upload-hint">{t('material.dropRules')}</p>
      </Upload.Dragger>
      {items.length > 0 && (
        <div className={styles.uploads} aria-live="polite">
          {items.map((item) => (
            <div key={item.uid} className={styles.uploadRow} data-testid="upload-item">
              <span className={styles.uploadName} title={item.name}>
                {item.name}
              </span>
              {item.status === 'done' && item.materialId !== undefined ? (
                <UploadedState id={item.materialId} />
              ) : item.status === 'error' ? (
                <Tag color="error">{t('material.uploadFailed')}</Tag>
              ) : (
                <Tag color="processing">{item.percent}%</Tag>
              )}
              {item.status === 'error' ? (
                <Alert type="error" showIcon title={item.error} style={{ gridColumn: '1 / -1' }} />
              ) : (
                <Progress
                  percent={item.percent}
                  size="small"
                  status={item.status === 'uploading' ? 'active' : 'success'}
                  aria-label={t('material.progress', { name: item.name })}
                />
              )}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
