/**
 * The library as the creative form opens it: active materials of one kind (videos only once
 * transcoded), searchable and paged, with an upload right there. Single mode picks one;
 * multi mode toggles up to `max` in the order clicked. Render it only while open.
 */
import { useState } from 'react';
import { Alert, Button, Empty, Input, Modal, Pagination, Space, Spin, message } from 'antd';
import { CheckCircleFilled, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TranscodeState, WideStatus, type Material } from '@adloom/domain';
import { errorText, ApiError } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { useListState } from '../../../components/list/useListState';
import { dimensionsText, durationText, sizeText, useMaterialList } from '../api';
import { MaterialThumb } from './MaterialThumb';
import { MaterialUploader } from './MaterialUploader';
import styles from './material.module.css';

const PICKER_PAGE_SIZE = 10;

export type PickerKind = 'image' | 'video';

interface BaseProps {
  kind: PickerKind;
  open: boolean;
  onClose(): void;
}

interface SingleProps extends BaseProps {
  mode: 'single';
  chosen: number | null;
  onPick(material: Material): void;
}

interface MultiProps extends BaseProps {
  mode: 'multi';
  chosen: number[];
  max: number;
  onDone(ids: number[]): void;
}

export type MaterialLibraryModalProps = SingleProps | MultiProps;

function metaText(material: Material): string {
  const parts = [dimensionsText(material), sizeText(material.size_bytes)];
  if (material.kind === 'video') parts.push(durationText(material.duration_ms));
  return parts.join(' · ');
}

export function MaterialLibraryModal(props: MaterialLibraryModalProps) {
  const { kind, open, onClose } = props;
  const { t } = useTranslation();
  const [messages, messageHolder] = message.useMessage();
  const list = useListState({ defaultSize: PICKER_PAGE_SIZE });
  const query = useMaterialList({
    page: list.page,
    size: PICKER_PAGE_SIZE,
    order: 'desc',
    sort: 'id',
    kind,
    status: WideStatus.active,
    ...(kind === 'video' ? { transcode_state: TranscodeState.transcoded } : {}),
    ...(list.keyword ? { keyword: list.keyword } : {}),
  });
  // Mounted on opening (the pickers render it only while open): starts from the form's value.
  const [selection, setSelection] = useState<number[]>(props.mode === 'multi' ? props.chosen : []);
  const max = props.mode === 'multi' ? props.max : 1;

  const chosenIds =
    props.mode === 'multi' ? selection : props.chosen === null ? [] : [props.chosen];

  const click = (material: Material) => {
    if (props.mode === 'single') {
      props.onPick(material);
      return;
    }
    setSelection((current) => {
      if (current.includes(material.id)) return current.filter((id) => id !== material.id);
      if (current.length >= max) {
        void messages.warning(t('material.limitReached', { max }));
        return current;
      }
      return [...current, material.id];
    });
  };

  const title =
    props.mode === 'multi'
      ? t('material.chooseImages', { count: selection.length, max })
      : kind === 'video'
        ? t('material.chooseVideo')
        : t('material.chooseImage');

  const rows = query.data?.list ?? [];
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onClose}
      width={860}
      destroyOnHidden
      footer={
        props.mode === 'multi' ? (
          <Space>
            <Button onClick={onClose}>{t('material.cancel')}</Button>
            <Button type="primary" onClick={() => props.onDone(selection)}>
              {t('material.done')}
            </Button>
          </Space>
        ) : (
          <Button onClick={onClose}>{t('material.cancel')}</Button>
        )
      }
    >
      {messageHolder}
      <MaterialUploader kind={kind} />
      <Space style={{ margin: '16px 0 12px', width: '100%', justifyContent: 'space-between' }} wrap>
        <Input
          type="search"
          aria-label={t('list.search')}
          placeholder={t('material.searchPlaceholder')}
          prefix={<SearchOutlined aria-hidden />}
          allowClear
          value={list.keywordInput}
          onChange={(event) => list.setKeyword(event.target.value)}
          style={{ width: 260 }}
        />
        {kind === 'video' && (
          <span className={styles.cardMeta}>{t('material.videosWhenTranscoded')}</span>
        )}
      </Space>
      {query.error ? (
        <Alert
          type="error"
          showIcon
          title={t('list.loadFailed')}
          description={
            query.error instanceof ApiError
              ? errorText(query.error, currentLanguage())
              : String(query.error)
          }
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <Spin spinning={query.isPending}>
          {rows.length === 0 && !query.isPending ? (
            <Empty
              description={
                list.keyword
                  ? t('material.emptyFiltered')
                  : kind === 'video'
                    ? t('material.pickerEmptyVideo')
                    : t('material.pickerEmptyImage')
              }
            />
          ) : (
            <div
              className={styles.grid}
              role="listbox"
              aria-label={title}
              aria-multiselectable={props.mode === 'multi'}
            >
              {rows.map((material) => {
                const chosen = chosenIds.includes(material.id);
                return (
                  <button
                    key={material.id}
                    type="button"
                    role="option"
                    aria-selected={chosen}
                    className={`${styles.card} ${chosen ? styles.cardChosen : ''}`}
                    onClick={() => click(material)}
                  >
                    <MaterialThumb material={material} size={132} />
                    <span className={styles.cardName} title={material.name}>
                      {chosen && (
                        <CheckCircleFilled
                          style={{ color: '#1677ff', marginRight: 4 }}
                          aria-hidden
                        />
                      )}
                      {material.name}
                    </span>
                    <span className={styles.cardMeta}>{metaText(material)}</span>
                  </button>
                );
              })}
            </div>
          )}
        </Spin>
      )}
      <Pagination
        style={{ marginTop: 16, textAlign: 'right' }}
        size="small"
        current={list.page}
        pageSize={PICKER_PAGE_SIZE}
        total={query.data?.total ?? 0}
        showSizeChanger={false}
        hideOnSinglePage
        onChange={(page) => list.setPage(page)}
      />
    </Modal>
  );
}
