/**
 * A diagnosis answered: the summary, the note about candidates hidden from the caller, the
 * demand partners' fates and the candidates' table.
 */
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Diagnosis } from '@adloom/domain';
import { stoppedAtSlot } from '../diagnosis';
import { CandidateTable } from './CandidateTable';
import { DiagnosisSummary } from './DiagnosisSummary';
import { PartnerFates } from './PartnerFates';
import styles from './DiagnosisResult.module.css';

export function DiagnosisResult({ diagnosis }: { diagnosis: Diagnosis }) {
  const { t } = useTranslation();
  return (
    <div data-testid="diagnosis-result">
      <DiagnosisSummary diagnosis={diagnosis} />
      {diagnosis.hidden_candidates > 0 && (
        <Alert
          className={styles.section}
          type="info"
          showIcon
          title={t('delivery.result.hidden', { count: diagnosis.hidden_candidates })}
        />
      )}
      <section className={styles.section}>
        <Typography.Title level={5}>{t('delivery.partners.title')}</Typography.Title>
        <PartnerFates partners={diagnosis.partners} />
      </section>
      <section className={styles.section}>
        <Typography.Title level={5}>{t('delivery.candidates.title')}</Typography.Title>
        <CandidateTable
          candidates={diagnosis.candidates}
          emptyText={
            stoppedAtSlot(diagnosis)
              ? t('delivery.candidates.emptySlot')
              : t('delivery.candidates.empty')
          }
        />
      </section>
    </div>
  );
}
