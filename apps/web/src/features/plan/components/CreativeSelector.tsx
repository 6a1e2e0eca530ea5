/**
 * Step 3 (docs/product/console.md#plan-creation-flow, configure creatives per strategy): for one strategy, the plan owner's
 * creatives that fit its styles and languages (not deleted), with a small preview, style,
 * language and audit state; the chosen ones are saved on the strategy. Chosen creatives that
 * no longer fit are named with 'There are unspecified creative items in a strategy'; none
 * chosen is 'Need to add creative' (docs/product/messages-and-codes.md#form-messages). No fitting creative: a link to create one.
 */
import { Alert, Button, Empty, Space, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CreativeLanguage,
  Platform,
  WideStatus,
  type Creative,
  type Strategy,
} from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { useStyles } from '../../../lib/settings';
import { ReviewTag, ShelfTag } from '../../creative/components/AuditTags';
import { CreativePreview } from '../../creative/components/CreativePreview';
import { planMessageText } from '../messages';
import styles from './CreativeSelector.module.css';

/** The creatives of `all` that a strategy may serve: its styles, its languages, not deleted. */
export function fittingCreatives(
  all: readonly Creative[],
  strategy: Pick<Strategy, 'style_ids' | 'languages'>,
): Creative[] {
  return all.filter(
    (creative) =>
      creative.status !== WideStatus.deleted &&
      strategy.style_ids.includes(creative.style_id) &&
      strategy.languages.includes(creative.language),
  );
}

export function CreativeSelector({
  strategy,
  creatives,
  loading,
  selected,
  onSelect,
  dirty,
  saving,
  onSave,
  showMissing,
}: {
  strategy: Strategy;
  /** Every creative of the plan's owner. */
  creatives: readonly Creative[];
  loading: boolean;
  selected: number[];
  onSelect(ids: number[]): void;
  /** The choice differs from what is saved. */
  dirty: boolean;
  saving: boolean;
  onSave(): void;
  /** Say 'Need to add creative' when nothing is chosen (after going on was tried). */
  showMissing: boolean;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const styleList = useStyles();
  const styleById = new Map((styleList.data ?? []).map((style) => [style.id, style]));
  const fitting = fittingCreatives(creatives, strategy);
  const fittingIds = new Set(fitting.map((creative) => creative.id));
  const unfit = loading ? [] : selected.filter((id) => !fittingIds.has(id));

  return (
    <div className={styles.selector}>
      {unfit.length > 0 && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className={styles.alert}
          title={planMessageText('ad.unspecifiedCreative')}
          description={t('plan.creatives.unfitHelp', { ids: unfit.join(', ') })}
          action={
            <Button
              size="small"
              onClick={() => onSelect(selected.filter((id) => fittingIds.has(id)))}
            >
              {t('plan.creatives.removeUnfit')}
            </Button>
          }
        />
      )}
      {showMissing && selected.length === 0 && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          className={styles.alert}
          title={planMessageText('ad.needCreative')}
        />
      )}
      <Table<Creative>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={fitting}
        pagination={fitting.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => onSelect([...keys.map(Number), ...unfit]),
          getCheckboxProps: (creative) => ({
            'aria-label': t('plan.creatives.choose', { name: creative.name }),
          }),
        }}
        locale={{
          emptyText: (
            <Empty description={t('plan.creatives.noneFit')}>
              <Link to="/ad/idea">{t('plan.creatives.createInIdea')}</Link>
            </Empty>
          ),
        }}
        columns={[
          {
            title: t('plan.creatives.preview'),
            key: 'preview',
            render: (_, creative) => (
              <CreativePreview
                creative={creative}
                style={styleById.get(creative.style_id)}
                compact
              />
            ),
          },
          { title: t('plan.creatives.name'), dataIndex: 'name', key: 'name' },
          { title: t('plan.creatives.style'), dataIndex: 'style_name', key: 'style' },
          {
            title: t('plan.creatives.language'),
            dataIndex: 'language',
            key: 'language',
            render: (language: string) => CreativeLanguage.label(language, lang),
          },
          {
            title: t('plan.creatives.os'),
            dataIndex: 'os',
            key: 'os',
            render: (os: number) => Platform.label(os, lang),
          },
          {
            title: t('plan.creatives.audit'),
            key: 'audit',
            render: (_, creative) => (
              <Space size={4}>
                <ReviewTag creative={creative} showReason={false} />
                {creative.status !== WideStatus.active && <ShelfTag status={creative.status} />}
              </Space>
            ),
          },
        ]}
      />
      <Space className={styles.footer} wrap>
        <Typography.Text type="secondary">
          {t('plan.creatives.chosen', { count: selected.length })}
        </Typography.Text>
        <Button
          type={dirty ? 'primary' : 'default'}
          disabled={!dirty}
          loading={saving}
          onClick={onSave}
        >
          {t('plan.creatives.save')}
        </Button>
        <Link to="/ad/idea">{t('plan.creatives.manage')}</Link>
      </Space>
    </div>
  );
}
