/**
 * /user/manage, platform accounts (docs/product/console.md#screens, docs/product/roles-and-access.md#ownership): the accounts in reach, paged, searchable
 * and sortable; create, edit (noted), enable/disable, operate by proxy in a new window, top
 * up, the ledger (?ledger=<id>), password reset, unlock and the change history. Actions show
 * by the acting user's roles; the server enforces every rule.
 */
import { useState } from 'react';
import { Badge, Button, Select, Space, Tag, Tooltip, message } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  ACCOUNT_READERS,
  ACCOUNT_WRITERS,
  PROXY_QUERY_PARAM,
  SimpleStatus,
  formatDateTime,
  formatCurrency,
  formatNumber,
  getAccount,
  grantableAbility,
  hasAnyRole,
  listAccounts,
  listFundRequests,
  maySetRevenueShare,
  switchAccount,
  unlockUser,
  type Account,
} from '@adloom/domain';
import { useSession } from '../../../app/session';
import { ListTable } from '../../../components/list/ListTable';
import { ListToolbar } from '../../../components/list/ListToolbar';
import { RowActions, StatusSwitch } from '../../../components/list/RowControls';
import { useListState } from '../../../components/list/useListState';
import {
  SettingsCard,
  useDialog,
  useHistory,
  useInvalidate,
  useStatusSwitch,
} from '../../../components/list/editing';
import { call } from '../../../lib/api';
import { currentLanguage } from '../../../lib/i18n';
import { endpointQuery } from '../../../lib/query';
import { ChangeHistoryDrawer } from '../../changes/ChangeHistoryDrawer';
import { useNotedWrite } from '../../changes/useNotedWrite';
import { FundRequestsDrawer } from '../../fund/components/FundRequestsDrawer';
import { LedgerDrawer } from '../../fund/components/LedgerDrawer';
import { TopUpDialog } from '../../fund/components/TopUpDialog';
import { ABILITY_LIST, ACCOUNT_SORTS } from '../api';
import {
  CreateAccountDialog,
  EditAccountDialog,
  ResetPasswordDialog,
} from '../components/AccountDialogs';

const LEDGER_PARAM = 'ledger';

/** The address a proxy window opens at (docs/product/roles-and-access.md#proxy). */
export function operateUrl(id: number): string {
  return `/dashboard?${PROXY_QUERY_PARAM}=${id}`;
}

function isLocked(account: Account, now = Date.now()): boolean {
  return account.locked_until !== null && Date.parse(account.locked_until) > now;
}

/** Revenue share in permille shown as a percentage: 150 → "15.0%". */
function shareText(permille: number): string {
  return `${formatNumber(permille / 10, 1)}%`;
}

export function AccountsPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { user, roles } = useSession();
  const acting = user?.ability ?? 0;
  const grantable = grantableAbility(acting);
  const withShare = maySetRevenueShare(acting);
  const canWrite = hasAnyRole(roles, ACCOUNT_WRITERS);
  const canCharge = roles.includes('balanceCharge');
  const canReset = hasAnyRole(roles, ['userManager', 'system']);
  const canUnlock = roles.includes('userManager');
  const canRead = hasAnyRole(roles, ACCOUNT_READERS);

  const list = useListState({ sortable: ACCOUNT_SORTS });
  const [ability, setAbility] = useState<number | undefined>();
  const query = useQuery(
    endpointQuery(
      listAccounts,
      { ...list.query, ...(ability !== undefined ? { ability } : {}) },
      { silent: true },
    ),
  );
  const refresh = useInvalidate(listAccounts, getAccount);
  const creating = useDialog<never>();
  const [editing, setEditing] = useState<Account | null>(null);
  const [charging, setCharging] = useState<Account | null>(null);
  const [showRequests, setShowRequests] = useState(false);
  const pendingRequests = useQuery({
    ...endpointQuery(listFundRequests, { status: 'pending', size: 10 }, { silent: true }),
    enabled: canCharge,
  });
  const [resetting, setResetting] = useState<Account | null>(null);
  const history = useHistory();
  const noted = useNotedWrite();
  const [messages, messageHolder] = message.useMessage();
  const [params, setParams] = useSearchParams();
  const ledgerId = Number(params.get(LEDGER_PARAM)) || null;
  const fieldLabels: Record<string, string> = {
    nickname: t('account.nickname'),
    ability: t('account.abilities'),
    revenue_share: t('account.revenueShare'),
    status: t('list.status'),
  };
  const switcher = useStatusSwitch<Account>(
    'user',
    (body) => call(switchAccount, { body, silent: true }),
    refresh,
  );

  const showLedger = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(LEDGER_PARAM);
        else next.set(LEDGER_PARAM, String(id));
        return next;
      },
      { replace: id === null },
    );

  const operate = (row: Account) => {
    // Not noopener: the proxy window must stay script-closable for its sign-out (docs/product/roles-and-access.md#proxy).
    const opened = window.open(operateUrl(row.id), '_blank');
    if (!opened) void messages.warning(t('account.popupBlocked'));
  };

  const unlock = async (row: Account) => {
    await call(unlockUser, { body: { id: row.id } });
    void messages.success(t('account.unlocked', { username: row.username }));
    await refresh();
  };

  return (
    <SettingsCard title={t('menu.userManage')}>
      {noted.holder}
      {switcher.holder}
      {messageHolder}
      <ListToolbar
        keyword={list.keywordInput}
        onKeyword={list.setKeyword}
        searchPlaceholder={t('account.searchPlaceholder')}
        status={list.status}
        onStatus={list.setStatus}
        addLabel={t('account.addAccount')}
        onAdd={creating.create}
        writers={ACCOUNT_WRITERS}
        extra={
          <>
            {canCharge && (
              <Badge count={pendingRequests.data?.total ?? 0} size="small">
                <Button onClick={() => setShowRequests(true)}>{t('fund.requestsButton')}</Button>
              </Badge>
            )}
            <Select<number>
              aria-label={t('account.abilityFilter')}
              placeholder={t('account.anyAbility')}
              allowClear
              value={ability}
              onChange={(value) => {
                setAbility(value ?? undefined);
                list.setPage(1);
              }}
              options={ABILITY_LIST.map((bit) => ({ value: bit.value, label: bit[lang] }))}
              style={{ width: 200 }}
            />
          </>
        }
      />
      <ListTable<Account>
        emptyText={t('account.noAccounts')}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        dataSource={query.data?.list}
        pagination={list.pagination(query.data?.total)}
        onChange={list.onTableChange}
        columns={[
          {
            title: t('account.username'),
            dataIndex: 'username',
            key: 'username',
            sorter: true,
          },
          {
            title: t('account.nickname'),
            dataIndex: 'nickname',
            key: 'nickname',
            sorter: true,
          },
          {
            title: t('account.owner'),
            dataIndex: 'parent',
            render: (parent: Account['parent']) => parent?.username ?? '-',
          },
          {
            title: t('account.abilities'),
            dataIndex: 'ability',
            render: (mask: number) => {
              const held = ABILITY_LIST.filter(
                (bit) => bit.name !== 'login' && (mask & bit.value) === bit.value,
              );
              return held.length === 0
                ? t('account.noAbilities')
                : held.map((bit) => (
                    <Tooltip key={bit.name} title={bit.meaning[lang]}>
                      <Tag color="blue">{bit[lang]}</Tag>
                    </Tooltip>
                  ));
            },
          },
          {
            title: t('account.balance'),
            dataIndex: 'balance',
            key: 'balance',
            sorter: true,
            align: 'right',
            render: (micros: number) => formatCurrency(micros, { lang }),
          },
          {
            title: t('account.revenueShare'),
            dataIndex: 'revenue_share',
            align: 'right',
            render: (permille: number) => shareText(permille),
          },
          {
            title: t('list.status'),
            dataIndex: 'status',
            key: 'status',
            sorter: true,
            render: (status: number, row) => (
              <Space size={4}>
                <StatusSwitch
                  status={status}
                  writers={ACCOUNT_WRITERS}
                  loading={switcher.pendingId === row.id}
                  onChange={(next) => void switcher.toggle(row, next)}
                />
                {isLocked(row) && (
                  <Tooltip
                    title={t('account.lockedUntil', { time: formatDateTime(row.locked_until) })}
                  >
                    <Tag color="red">{t('account.locked')}</Tag>
                  </Tooltip>
                )}
              </Space>
            ),
          },
          {
            title: t('account.created'),
            dataIndex: 'created_at',
            key: 'created_at',
            sorter: true,
            render: (value: string) => formatDateTime(value),
          },
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_, row) => {
              const own = row.id === user?.id;
              return (
                <RowActions
                  writers={ACCOUNT_WRITERS}
                  onEdit={() => setEditing(row)}
                  onHistory={() =>
                    history.show({ targetType: 'user', id: row.id, name: row.username })
                  }
                >
                  {canWrite && !own && row.status === SimpleStatus.active && (
                    <Button type="link" size="small" onClick={() => operate(row)}>
                      {t('account.operate')}
                    </Button>
                  )}
                  {/* No fund manager credits their own account (the server refuses it too). */}
                  {canCharge && !own && row.id !== user?.realUser?.id && (
                    <Button type="link" size="small" onClick={() => setCharging(row)}>
                      {t('account.topUp')}
                    </Button>
                  )}
                  {canRead && (
                    <Button type="link" size="small" onClick={() => showLedger(row.id)}>
                      {t('account.ledger')}
                    </Button>
                  )}
                  {canReset && (
                    <Button type="link" size="small" onClick={() => setResetting(row)}>
                      {t('account.resetPassword')}
                    </Button>
                  )}
                  {canUnlock && isLocked(row) && (
                    <Button type="link" size="small" onClick={() => void unlock(row)}>
                      {t('account.unlock')}
                    </Button>
                  )}
                </RowActions>
              );
            },
          },
        ]}
      />
      <CreateAccountDialog
        open={creating.open}
        onClose={creating.close}
        grantable={grantable}
        withShare={withShare}
        onDone={refresh}
      />
      <EditAccountDialog
        account={editing}
        onClose={() => setEditing(null)}
        grantable={grantable}
        withShare={withShare}
        own={editing !== null && editing.id === user?.id}
        noted={noted}
        onDone={refresh}
      />
      <ResetPasswordDialog account={resetting} onClose={() => setResetting(null)} />
      <TopUpDialog account={charging} onClose={() => setCharging(null)} />
      <FundRequestsDrawer open={showRequests} onClose={() => setShowRequests(false)} />
      <LedgerDrawer userId={ledgerId} onClose={() => showLedger(null)} />
      <ChangeHistoryDrawer
        target={history.target}
        onClose={history.close}
        fieldLabel={(field) => fieldLabels[field]}
      />
    </SettingsCard>
  );
}
