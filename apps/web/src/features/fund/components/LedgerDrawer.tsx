/**
 * One account's ledger (spec: funds): entries newest first with kind, signed amount and the
 * balance after, filtered by kind and UTC days, paged; the totals over the filter on top.
 */
import { useState } from 'react';
import { Alert, DatePicker, Drawer, Select, Space, Statistic, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from 'dayjs';
import {
  LedgerKind,
  formatDateTime,
  formatCurrency,
  getAccount,
  listLedger,
  type FundRequest,
  type LedgerEntry,
} from '@adloom/domain';
import { ListTable } from '../../../components/list/ListTable';
import { usePaging } from '../../../components/list/usePaging';
import { currentLanguage } from '../../../lib/i18n';
import { endpointQuery } from '../../../lib/query';
import type { LedgerQuery } from '../api';
import styles from './LedgerDrawer.module.css';

const DAY = 'YYYY-MM-DD';

/** "+$125.50" / "-$3.20" (the platform's currency as the rest of the console writes it), coloured by sign. */
export function SignedMoney({ micros }: { micros: number }) {
  const text = `${micros > 0 ? '+' : ''}${formatCurrency(micros, { lang: currentLanguage() })}`;
  const tone = micros > 0 ? styles.credit : micros < 0 ? styles.debit : undefined;
  return <span className={tone}>{text}</span>;
}

/** Credits awaiting a second fund manager: not in the balance until approved. */
function PendingCredits({ requests }: { requests: FundRequest[] }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  if (requests.length === 0) return null;
  return (
    <Alert
      data-testid="ledger-pending"
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('fund.pendingTitle', { count: requests.length })}
      description={
        <ul className={styles.pending}>
          {requests.map((request) => (
            <li key={request.id}>
              <SignedMoney micros={request.amount} /> {LedgerKind.label(request.kind, lang)} ·{' '}
              {request.note} ·{' '}
              {t('fund.requestedByAt', {
                user: request.requested_by.username,
                time: formatDateTime(request.created_at),
              })}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** The ledger list itself (totals, filters, entries), for any drawer that knows the account. */
export function LedgerView({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { page, size, setPage, pagination } = usePaging();
  const [kind, setKind] = useState<string | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);

  const query: LedgerQuery = {
    user_id: userId,
    page,
    size,
    ...(kind ? { kind } : {}),
    ...(range?.[0] ? { from: range[0].format(DAY) } : {}),
    ...(range?.[1] ? { to: range[1].format(DAY) } : {}),
  };
  const ledger = useQuery(endpointQuery(listLedger, query, { silent: true }));
  const totals = ledger.data?.totals;

  return (
    <div data-testid="ledger">
      <section aria-label={t('fund.totals')} className={styles.totals}>
        <Statistic
          title={t('fund.totalTopUp')}
          value={totals ? formatCurrency(totals.topUp, { lang }) : '-'}
        />
        <Statistic
          title={t('fund.totalSpend')}
          value={totals ? formatCurrency(totals.spend, { lang }) : '-'}
        />
        <Statistic
          title={t('fund.totalAdjustment')}
          value={totals ? formatCurrency(totals.adjustment, { lang }) : '-'}
        />
        <div data-testid="ledger-balance">
          <Statistic
            title={t('fund.totalBalance')}
            value={totals ? formatCurrency(totals.balance, { lang }) : '-'}
          />
        </div>
      </section>
      <PendingCredits requests={ledger.data?.pending ?? []} />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select<string>
          aria-label={t('fund.kind')}
          placeholder={t('fund.allKinds')}
          allowClear
          value={kind}
          onChange={(value) => {
            setKind(value ?? undefined);
            setPage(1);
          }}
          options={LedgerKind.options(lang)}
          style={{ width: 160 }}
        />
        <DatePicker.RangePicker
          aria-label={t('fund.dates')}
          placeholder={[t('fund.from'), t('fund.to')]}
          allowEmpty={[true, true]}
          value={range}
          onChange={(value) => {
            setRange(value);
            setPage(1);
          }}
        />
      </Space>
      <ListTable<LedgerEntry>
        emptyText={t('fund.noEntries')}
        loading={ledger.isFetching}
        error={ledger.error}
        onRetry={() => void ledger.refetch()}
        dataSource={ledger.data?.list}
        pagination={pagination(ledger.data?.total)}
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
            render: (value: number) => formatCurrency(value, { lang }),
          },
          { title: t('fund.note'), dataIndex: 'note' },
          {
            title: t('fund.actor'),
            key: 'actor',
            render: (_, entry) => {
              const actor = entry.actor?.username ?? '-';
              const acting = entry.acting_user;
              return (
                <>
                  {actor}
                  {acting && acting.id !== entry.actor?.id && (
                    <>
                      {' '}
                      <span className={styles.for}>{t('fund.for', { user: acting.username })}</span>
                    </>
                  )}
                  {entry.approved_by && (
                    <>
                      {' '}
                      <span className={styles.for}>
                        {t('fund.approvedBy', { user: entry.approved_by.username })}
                      </span>
                    </>
                  )}
                </>
              );
            },
          },
        ]}
      />
    </div>
  );
}

/** The ledger of account `userId` in a drawer; closed while `userId` is null. */
export function LedgerDrawer({ userId, onClose }: { userId: number | null; onClose(): void }) {
  const { t } = useTranslation();
  const account = useQuery({
    ...endpointQuery(getAccount, { id: userId ?? 0 }, { silent: true }),
    enabled: userId !== null,
  });
  const name = account.data?.username ?? (userId === null ? '' : `#${userId}`);
  return (
    <Drawer
      title={t('fund.ledgerTitle', { username: name })}
      open={userId !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
    >
      {userId !== null && <LedgerView key={userId} userId={userId} />}
    </Drawer>
  );
}
