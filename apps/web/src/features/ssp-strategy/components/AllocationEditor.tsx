/**
 * The allocations of a strategy: rows of a demand partner and its permille (0-1000), added
 * and removed freely, with the live total, what stays with our own DSP and a stacked bar.
 * A row's problem (a partner twice, a permille out of range) shows on the row at once; the
 * sum over 1000 is the Form.Item's message (allocationsRule), before anything is sent.
 * A form control over AllocationRow[].
 */
import { Button, Empty, InputNumber, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SimpleStatus, type Dsp, MAX_ALLOCATIONS } from '@adloom/domain';
import { checkAllocations, type AllocationRow } from '../form';
import { strategyMessageText } from '../messages';
import { AllocationBar } from './AllocationBar';
import styles from './AllocationEditor.module.css';

export function AllocationEditor({
  value,
  onChange,
  dsps,
  loading,
  id,
}: {
  value?: AllocationRow[];
  onChange?: (rows: AllocationRow[]) => void;
  /** Every demand partner; inactive ones are offered only where already chosen. */
  dsps: readonly Dsp[];
  loading?: boolean;
  id?: string;
}) {
  const { t } = useTranslation();
  const rows = value ?? [];
  const check = checkAllocations(rows);
  const used = new Set(rows.map((row) => row.dsp_id));
  const nameOf = (dspId: number | null | undefined) =>
    dsps.find((dsp) => dsp.id === dspId)?.name ?? (dspId ? `#${dspId}` : '');
  const addable = dsps.find((dsp) => dsp.status === SimpleStatus.active && !used.has(dsp.id));

  const update = (index: number, patch: AllocationRow) =>
    onChange?.(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const add = () => {
    if (!addable) return;
    onChange?.([...rows, { dsp_id: addable.id, permille: check.own }]);
  };

  return (
    <div id={id} className={styles.editor}>
      {rows.length === 0 && (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('sspStrategy.allocation.none')}
        />
      )}
      {rows.map((row, index) => {
        const number = index + 1;
        const message = check.rows[index];
        // A partner not chosen yet is reported when saving (the Form.Item's message).
        const shown = message === 'dsp.chooseDsp' ? undefined : message;
        const options = dsps
          .filter((dsp) => dsp.status === SimpleStatus.active || dsp.id === row.dsp_id)
          .map((dsp) => ({
            value: dsp.id,
            label:
              dsp.status === SimpleStatus.active
                ? dsp.name
                : `${dsp.name} (${t('sspStrategy.split.paused')})`,
            disabled: dsp.id !== row.dsp_id && used.has(dsp.id),
          }));
        return (
          <div key={index}>
            <div className={styles.row} data-testid={`allocation-${number}`}>
              <Select<number>
                aria-label={t('sspStrategy.allocation.dspLabel', { row: number })}
                className={styles.dsp}
                value={row.dsp_id ?? undefined}
                options={options}
                loading={loading}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('sspStrategy.allocation.dspPlaceholder')}
                status={shown === 'dsp.dspOnce' ? 'error' : undefined}
                onChange={(dspId) => update(index, { dsp_id: dspId })}
              />
              <InputNumber<number>
                aria-label={t('sspStrategy.allocation.permilleLabel', { row: number })}
                className={styles.permille}
                value={row.permille ?? null}
                suffix="‰"
                status={shown === 'dsp.permilleRange' ? 'error' : undefined}
                onChange={(permille) => update(index, { permille })}
              />
              <Button
                type="text"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={t('sspStrategy.allocation.remove', {
                  name: nameOf(row.dsp_id) || number,
                })}
                onClick={() => onChange?.(rows.filter((_, at) => at !== index))}
              />
            </div>
            {shown && (
              <Typography.Text type="danger" className={styles.rowMessage}>
                {strategyMessageText(shown)}
              </Typography.Text>
            )}
          </div>
        );
      })}
      <div>
        <Button
          icon={<PlusOutlined aria-hidden />}
          onClick={add}
          disabled={!addable || rows.length >= MAX_ALLOCATIONS}
        >
          {t('sspStrategy.allocation.add')}
        </Button>
        {!loading && dsps.length === 0 && (
          <Typography.Text type="secondary" style={{ marginLeft: 12 }}>
            {t('sspStrategy.allocation.noDsps')}
          </Typography.Text>
        )}
      </div>
      <div className={styles.total} data-testid="allocation-total">
        <Typography.Text type={check.over ? 'danger' : undefined}>
          {t('sspStrategy.allocation.total', { sum: check.sum, own: check.own })}
        </Typography.Text>
        <AllocationBar
          shares={rows
            .filter((row) => row.dsp_id !== null && row.dsp_id !== undefined)
            .map((row) => ({
              dsp_id: row.dsp_id ?? 0,
              dsp_name: nameOf(row.dsp_id),
              dsp_status: SimpleStatus.active,
              permille: Math.max(0, Math.min(row.permille ?? 0, 1000)),
            }))}
          own={check.own}
        />
      </div>
    </div>
  );
}
