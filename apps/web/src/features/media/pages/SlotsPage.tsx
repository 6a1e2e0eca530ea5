/**
 * /ssp/slot (docs/product/console.md#screens, docs/product/supply.md#slots): the slots in reach with their media (and its state), supply
 * type, ad form, ad type, supported styles, countries, size (0 = unlimited), lowest bid,
 * status and update time; search, media (?media_id=), supply type, ad form and status
 * filters, paging and sort; add and edit in a dialog, Active / Inactive / Delete through
 * the note prompt, the integration snippets and the change history.
 */
import { useMemo, useState } from 'react';
import { Button, Empty, Select, Space, Tag, Typography, message } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  AdForm,
  SLOT_SORTS,
  SupplyType,
  WideStatus,
  getSlot,
  listAllSlots,
  listMedia,
  listSlots,
  switchSlot,
  type Slot,
} from '@adloom/domain';
import { updatedColumn } from '../../../components/list/columns';
import {
  SettingsCard,
  useDialog,
  useHistory,
  useInvalidate,
  useStatusSwitch,
} from '../../../components/list/editing';
import { ListTable } from '../../../components/list/ListTable';
import { ListToolbar } from '../../../components/list/ListToolbar';
import { RowActions } from '../../../components/list/RowControls';
import { useListState } from '../../../components/list/useListState';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { endpointQuery } from '../../../lib/query';
import { placeName } from '../../../lib/placeNames';
import { useCountries, useStyles } from '../../../lib/settings';
import { ChangeHistoryDrawer } from '../../changes/ChangeHistoryDrawer';
import { sizeText, translating, useAllMedia } from '../api';
import { useMediaFieldLabels } from '../components/fieldLabels';
import { IntegrationModal } from '../components/IntegrationModal';
import { SlotDialog } from '../components/SlotDialog';
import {
  DeleteAction,
  StatusCell,
  SUPPLY_WRITERS,
  wideStatusOptions,
} from '../components/StatusCell';
import { showMoney } from '../../../lib/money';

/** The media filter of the URL (?media_id=12), or undefined. */
function mediaIdOf(params: URLSearchParams): number | undefined {
  const value = Number(params.get('media_id'));
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export function SlotsPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [params, setParams] = useSearchParams();
  const mediaId = mediaIdOf(params);
  const list = useListState({ sortable: SLOT_SORTS });
  const [supplyType, setSupplyType] = useState<number | undefined>();
  const [adForm, setAdForm] = useState<number | undefined>();
  const query = useQuery(
    endpointQuery(
      listSlots,
      {
        ...list.query,
        ...(mediaId !== undefined ? { media_id: mediaId } : {}),
        ...(supplyType !== undefined ? { supply_type: supplyType } : {}),
        ...(adForm !== undefined ? { ad_form: adForm } : {}),
      },
      { silent: true },
    ),
  );
  const media = useAllMedia();
  const stylesQuery = useStyles();
  const styleName = useMemo(
    () => new Map((stylesQuery.data ?? []).map((style) => [style.id, style.name])),
    [stylesQuery.data],
  );
  const countriesQuery = useCountries();
  const countryName = useMemo(
    () => new Map((countriesQuery.data ?? []).map((country) => [country.code, country.name])),
    [countriesQuery.data],
  );
  const refresh = useInvalidate(listSlots, listAllSlots, getSlot, listMedia);
  const dialog = useDialog<Slot>();
  const history = useHistory();
  const fieldLabel = useMediaFieldLabels();
  const [integrated, setIntegrated] = useState<Slot | null>(null);
  const [messages, messageHolder] = message.useMessage();
  const switcher = useStatusSwitch<Slot>(
    'slot',
    (body) => translating(() => call(switchSlot, { body, silent: true })),
    refresh,
  );
  // A media alone narrows to its slots: its empty list still says what to do first.
  const filtered =
    supplyType !== undefined || adForm !== undefined || list.status !== undefined || !!list.keyword;
  const noMedia = media.isSuccess && media.data.length === 0;

  const filterThen =
    <T,>(set: (value: T | undefined) => void) =>
    (value: T | undefined) => {
      set(value ?? undefined);
      list.setPage(1);
    };

  const setMediaId = (value: number | undefined) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === undefined) next.delete('media_id');
        else next.set('media_id', String(value));
        return next;
      },
      { replace: true },
    );
    list.setPage(1);
  };

  const mediaOptions = useMemo(() => {
    const options = (media.data ?? []).map((item) => ({ value: item.id, label: item.name }));
    // A media from the URL that is no longer listed (deleted) still names the filter.
    const listed = query.data?.list.find((slot) => slot.media_id === mediaId);
    if (mediaId !== undefined && !options.some((option) => option.value === mediaId)) {
      options.unshift({ value: mediaId, label: listed?.media_name ?? `#${mediaId}` });
    }
    return options;
  }, [media.data, mediaId, query.data]);

  const saved = async (_slot: Slot, created: boolean) => {
    void messages.success(created ? t('media.slot.created') : t('media.slot.saved'));
    await refresh();
  };

  const emptyText = filtered ? t('media.slot.noMatch') : t('media.slot.noSlots');

  return (
    <SettingsCard title={t('menu.slots')}>
      {messageHolder}
      {switcher.holder}
      <ListToolbar
        keyword={list.keywordInput}
        onKeyword={list.setKeyword}
        searchPlaceholder={t('media.slot.searchPlaceholder')}
        addLabel={t('media.slot.add')}
        onAdd={dialog.create}
        writers={SUPPLY_WRITERS}
        extra={
          <>
            <Select<number>
              aria-label={t('media.slot.media')}
              placeholder={t('media.slot.anyMedia')}
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              value={mediaId}
              onChange={(value) => setMediaId(value ?? undefined)}
              loading={media.isPending}
              options={mediaOptions}
              style={{ width: 200 }}
            />
            <Select<number>
              aria-label={t('media.slot.supplyType')}
              placeholder={t('media.slot.anySupplyType')}
              allowClear
              value={supplyType}
              onChange={filterThen(setSupplyType)}
              options={SupplyType.options(lang)}
              style={{ width: 160 }}
            />
            <Select<number>
              aria-label={t('media.slot.adForm')}
              placeholder={t('media.slot.anyAdForm')}
              allowClear
              value={adForm}
              onChange={filterThen(setAdForm)}
              options={AdForm.options(lang)}
              style={{ width: 160 }}
            />
            <Select<number>
              aria-label={t('list.status')}
              placeholder={t('list.allStatuses')}
              allowClear
              value={list.status}
              onChange={(value) => list.setStatus(value ?? undefined)}
              options={wideStatusOptions()}
              style={{ width: 150 }}
            />
          </>
        }
      />
      <ListTable<Slot>
        emptyText={emptyText}
        locale={{
          emptyText: (
            <Empty description={emptyText}>
              {!filtered && (
                <Typography.Paragraph type="secondary" style={{ maxWidth: 480, margin: '0 auto' }}>
                  {noMedia ? t('media.slot.needMedia') : t('media.slot.firstSteps')}
                </Typography.Paragraph>
              )}
              {!filtered && noMedia && <Link to="/ssp/media">{t('media.slot.goToMedia')}</Link>}
            </Empty>
          ),
        }}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        onChange={list.onTableChange}
        columns={[
          {
            title: t('media.slot.name'),
            dataIndex: 'name',
            key: 'name',
            sorter: true,
            render: (name: string, row) => (
              <div>
                <div>{name}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  #{row.id}
                </Typography.Text>
              </div>
            ),
          },
          {
            title: t('media.slot.media'),
            key: 'media',
            render: (_, row) => (
              <Space size={4} wrap>
                <span>{row.media_name}</span>
                {row.media_status !== WideStatus.active && (
                  <Tag color={row.media_status === WideStatus.deleted ? 'red' : 'default'}>
                    {t('media.slot.mediaState', {
                      state: WideStatus.label(row.media_status, lang).toLowerCase(),
                    })}
                  </Tag>
                )}
              </Space>
            ),
          },
          {
            title: t('media.slot.supplyType'),
            dataIndex: 'supply_type',
            render: (value: number) => SupplyType.label(value, lang),
          },
          {
            title: t('media.slot.adForm'),
            dataIndex: 'ad_form',
            render: (value: number) => AdForm.label(value, lang),
          },
          {
            title: t('media.slot.adType'),
            dataIndex: 'ad_type_name',
            render: (value: string | null) => value ?? '-',
          },
          {
            title: t('media.slot.styles'),
            dataIndex: 'style_ids',
            render: (ids: number[]) => (
              <Space size={[0, 4]} wrap>
                {ids.map((id) => (
                  <Tag key={id}>{styleName.get(id) ?? `#${id}`}</Tag>
                ))}
              </Space>
            ),
          },
          {
            title: t('media.slot.countries'),
            dataIndex: 'countries',
            render: (codes: string[]) =>
              codes.length === 0 ? (
                t('media.slot.allCountries')
              ) : (
                <Space size={[0, 4]} wrap>
                  {codes.map((code) => (
                    <Tag key={code} title={code}>
                      {placeName('region', code, countryName.get(code), lang)}
                    </Tag>
                  ))}
                </Space>
              ),
          },
          {
            title: t('media.slot.size'),
            key: 'size',
            render: (_, row) => sizeText(row.width, row.height, t),
          },
          {
            title: t('media.slot.lowestBid'),
            dataIndex: 'lowest_bid',
            key: 'lowest_bid',
            sorter: true,
            render: (value: number) => showMoney(value),
          },
          {
            title: t('list.status'),
            dataIndex: 'status',
            key: 'status',
            sorter: true,
            render: (_: number, row) => <StatusCell row={row} switcher={switcher} target="slot" />,
          },
          updatedColumn<Slot>(t),
          {
            title: t('list.actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, row) => (
              <RowActions
                writers={SUPPLY_WRITERS}
                onEdit={row.status === WideStatus.deleted ? undefined : () => dialog.edit(row)}
                onHistory={() => history.show({ targetType: 'slot', id: row.id, name: row.name })}
              >
                <Button type="link" size="small" onClick={() => setIntegrated(row)}>
                  {t('media.slot.integration')}
                </Button>
                <DeleteAction
                  target="slot"
                  row={row}
                  switcher={switcher}
                  title={t('media.slot.deleteConfirm', { name: row.name })}
                  help={t('media.slot.deleteHelp')}
                  label={t('media.slot.delete')}
                />
              </RowActions>
            ),
          },
        ]}
      />
      <SlotDialog
        open={dialog.open}
        row={dialog.row}
        mediaId={mediaId}
        onClose={dialog.close}
        onSaved={saved}
      />
      <IntegrationModal slot={integrated} onClose={() => setIntegrated(null)} />
      <ChangeHistoryDrawer
        target={history.target}
        onClose={history.close}
        fieldLabel={fieldLabel}
      />
    </SettingsCard>
  );
}
