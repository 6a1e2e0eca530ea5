/**
 * What became of each demand partner of the SSP strategy: its share, whether this request
 * was allocated to it, and its fate (bid and won, outbid, no bid, timeout, error).
 */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RejectReason, type Diagnosis } from '@adloom/domain';
import { ListTable } from '../../../components/list/ListTable';
import { ReasonTag } from './ReasonTag';

type PartnerFate = Diagnosis['partners'][number];

export function PartnerFates({ partners }: { partners: readonly PartnerFate[] }) {
  const { t } = useTranslation();
  return (
    <ListTable<PartnerFate>
      rowKey="dsp_id"
      size="small"
      emptyText={t('delivery.partners.empty')}
      dataSource={[...partners]}
      pagination={{ hideOnSinglePage: true, defaultPageSize: 10 }}
      columns={[
        {
          title: t('delivery.partners.partner'),
          dataIndex: 'dsp_name',
          key: 'dsp_name',
          render: (name: string, row) => t('delivery.candidates.idName', { name, id: row.dsp_id }),
        },
        {
          title: t('delivery.partners.permille'),
          dataIndex: 'permille',
          key: 'permille',
          align: 'right',
          render: (value: number) => t('delivery.partners.permilleValue', { value }),
        },
        {
          title: t('delivery.partners.allocation'),
          key: 'allocation',
          render: (_, row) =>
            row.reason === RejectReason.partnerNotAllocated ? (
              <Tag>{t('delivery.partners.notAllocated')}</Tag>
            ) : (
              <Tag color="blue">{t('delivery.partners.allocated')}</Tag>
            ),
        },
        {
          title: t('delivery.partners.fate'),
          dataIndex: 'reason',
          key: 'reason',
          render: (reason: string) => <ReasonTag reason={reason} />,
        },
        { title: t('delivery.partners.detail'), dataIndex: 'detail', key: 'detail' },
      ]}
    />
  );
}
