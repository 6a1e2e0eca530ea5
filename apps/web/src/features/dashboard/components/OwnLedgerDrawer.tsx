/**
 * The signed-in account's own ledger, opened from the balance card: every balance change
 * newest first with the balance after it. (The fund screen's drawer reads the account
 * through the account managers' endpoint, which an advertiser may not call.)
 */
import { useState } from 'react';
import { Drawer, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_PAGE_SIZE,
  LedgerKind,
  PAGE_SIZES,
  formatDateTime,
  formatMoney,
  listLedger,
  type LedgerEntry,
  type PageSize,
} from '@adloom/domain';
import { ListTable } from '../../../components/list/ListTable';
import { currentLanguage } from '../../../lib/i18n';
import { endpointQuery } from '../../../lib/query';
import { SignedMoney } from '../../fund/components/LedgerDrawer';

function Entries({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const ledger = useQuery(
    endpointQuery(listLedger, { user_id: userId, page, size }, { silent: true }),
  );
  return (
    <ListTable<LedgerEntry>
      emptyText={t('fund.noEntries')}
      loading={ledger.isFetching}
      error={ledger.error}
      onRetry={() => void ledger.refetch()}
      dataSource={ledger.data?.list}
      pagination={{
        current: page,
        pageSize: size,
        total: ledger.data?.total ?? 0,
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        onChange: (next, nextSize) => {
          const resolved = (PAGE_SIZES as readonly number[]).includes(nextSize)
            ? (nextSize as PageSize)
            : size;
          setPage(resolved === size ? next : 1);
          setSize(resolved);
        },
      }}
      columns={[
        {
          title: t('fund.time'),
          dataIndex: 'created_at',
          render: (value: string) => formatDateTime(value),
        },
        {
          title: t('fund.kind'),
          dataIndex: 'kind',
          render: (value: string) => <Tag>{LedgerKind.label(value, lang)}</Tag>,
        },
        {
          title: t('fund.amount'),
          dataIndex: 'amount',
          align: 'right',
          render: (value: number) => <SignedMoney micros={value} />,
        },
        {
          title: t('fund.balanceAfter'),
          dataIndex: 'balance_after',
          align: 'right',
          render: (value: number) => formatMoney(value),
        },
        { title: t('fund.note'), dataIndex: 'note' },
      ]}
    />
  );
}

export function OwnLedgerDrawer({ userId, onClose }: { userId: number | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      title={t('dashboard.ledgerTitle')}
      open={userId !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
    >
      {userId !== null && <Entries userId={userId} />}
    </Drawer>
  );
}
