/**
 * The role dashboards' own figures (issue 20 item 4): an agent's advertisers with their
 * balances and spend, an operator's requests and fill rate today with income by media,
 * finance's top-ups and the balances running low. Each shows when the summary holds it.
 */
import type { ReactNode } from 'react';
import { Card, Col, Row, Statistic, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  formatCurrency,
  formatDateTime,
  formatPercent,
  type DashboardSummary,
} from '@adloom/domain';
import { CompactFigure } from '../../../components/figures/CompactFigure';
import { currentLanguage } from '../../../lib/i18n';
import styles from '../pages/DashboardPage.module.css';

function Block({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.section} data-testid={testId}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}

const money = (value: number) => formatCurrency(value, { lang: currentLanguage() });

export function RoleFigures({ data }: { data: DashboardSummary }) {
  const { t } = useTranslation();
  return (
    <>
      {data.clients && (
        <Block title={t('dashboard.roles.clients')} testId="dashboard-clients">
          <Card>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              scroll={{ x: 'max-content' }}
              dataSource={data.clients}
              locale={{ emptyText: t('dashboard.roles.noClients') }}
              columns={[
                { title: t('dashboard.roles.advertiser'), dataIndex: 'name' },
                {
                  title: t('dashboard.roles.balance'),
                  dataIndex: 'balance',
                  align: 'right',
                  render: money,
                },
                {
                  title: t('dashboard.roles.spendToday'),
                  dataIndex: 'spendToday',
                  align: 'right',
                  render: money,
                },
                {
                  title: t('dashboard.roles.spendThisMonth'),
                  dataIndex: 'spendThisMonth',
                  align: 'right',
                  render: money,
                },
              ]}
            />
          </Card>
        </Block>
      )}
      {data.supply && (
        <Block title={t('dashboard.roles.supply')} testId="dashboard-supply">
          <Row gutter={[16, 16]}>
            <Col xs={24} sm={12} xl={6}>
              <Card>
                <Statistic
                  title={t('dashboard.roles.requestsToday')}
                  value={data.supply.requestsToday}
                  formatter={() => (
                    <CompactFigure value={data.supply?.requestsToday ?? 0} kind="count" />
                  )}
                />
              </Card>
            </Col>
            <Col xs={24} sm={12} xl={6}>
              <Card>
                <Statistic
                  title={t('dashboard.roles.fillRateToday')}
                  value={formatPercent(data.supply.fillRateToday)}
                />
              </Card>
            </Col>
            <Col xs={24} xl={12}>
              <Card title={t('dashboard.roles.incomeByMedia')} size="small">
                <Table
                  size="small"
                  rowKey="id"
                  pagination={false}
                  dataSource={data.supply.incomeByMedia}
                  locale={{ emptyText: t('dashboard.roles.noIncome') }}
                  columns={[
                    { title: t('dashboard.roles.media'), dataIndex: 'name' },
                    {
                      title: t('dashboard.roles.income'),
                      dataIndex: 'income',
                      align: 'right',
                      render: money,
                    },
                  ]}
                />
              </Card>
            </Col>
          </Row>
        </Block>
      )}
      {data.finance && (
        <Block title={t('dashboard.roles.finance')} testId="dashboard-finance">
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={6}>
              <Card>
                <Statistic
                  title={t('dashboard.roles.topUpsThisMonth')}
                  value={data.finance.topUpsThisMonth}
                  formatter={() => (
                    <CompactFigure value={data.finance?.topUpsThisMonth ?? 0} kind="money" />
                  )}
                />
                <div>
                  {t('dashboard.roles.topUpCount', { count: data.finance.topUpCountThisMonth })}
                </div>
              </Card>
            </Col>
            <Col xs={24} xl={9}>
              <Card title={t('dashboard.roles.recentTopUps')} size="small">
                <Table
                  size="small"
                  rowKey={(row) => `${row.userId}-${row.at}`}
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  dataSource={data.finance.recentTopUps}
                  locale={{ emptyText: t('dashboard.roles.noTopUps') }}
                  columns={[
                    { title: t('dashboard.roles.account'), dataIndex: 'name' },
                    {
                      title: t('dashboard.roles.amount'),
                      dataIndex: 'amount',
                      align: 'right',
                      render: money,
                    },
                    {
                      title: t('dashboard.roles.time'),
                      dataIndex: 'at',
                      render: (at: string) => formatDateTime(at),
                    },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} xl={9}>
              <Card title={t('dashboard.roles.lowBalances')} size="small">
                <Table
                  size="small"
                  rowKey="userId"
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  dataSource={data.finance.lowBalances}
                  locale={{ emptyText: t('dashboard.roles.noLowBalances') }}
                  columns={[
                    { title: t('dashboard.roles.account'), dataIndex: 'name' },
                    {
                      title: t('dashboard.roles.balance'),
                      dataIndex: 'balance',
                      align: 'right',
                      render: money,
                    },
                    {
                      title: t('dashboard.roles.dailyBudget'),
                      dataIndex: 'dailyBudget',
                      align: 'right',
                      render: money,
                    },
                  ]}
                />
              </Card>
            </Col>
          </Row>
        </Block>
      )}
    </>
  );
}
