/**
 * The head of a diagnosis: the slot, its media and floor, the replay instant in UTC, and
 * the outcome (the no-fill reason, or the winner and the price it clears at), then the SSP
 * strategy that took the request.
 */
import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NoFillReason, formatDateTime, type Diagnosis } from '@adloom/domain';
import { currentLanguage } from '../../../lib/i18n';
import { winnerOf, type Winner } from '../diagnosis';
import { showMoney } from '../../../lib/money';

function WinnerText({ winner }: { winner: Winner }) {
  const { t } = useTranslation();
  if (winner.kind === 'partner') {
    return <>{t('delivery.result.winnerPartner', { name: winner.partner.dsp_name })}</>;
  }
  const { candidate } = winner;
  return (
    <>
      {t('delivery.result.winnerOwn', {
        plan: candidate.plan_name,
        strategy: candidate.strategy_name,
        creative: candidate.creative_name,
      })}
    </>
  );
}

export function DiagnosisSummary({ diagnosis }: { diagnosis: Diagnosis }) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const winner = winnerOf(diagnosis);
  const perMille = (micros: number) => t('delivery.result.perMille', { value: showMoney(micros) });
  const outcome =
    diagnosis.no_fill_reason !== null ? (
      <Tag color="red" data-testid="diagnosis-outcome">
        {t('delivery.result.noFill', {
          reason: NoFillReason.label(diagnosis.no_fill_reason, lang),
        })}
      </Tag>
    ) : (
      <span data-testid="diagnosis-outcome">
        <Tag color="green">{t('delivery.result.served')}</Tag>
        {winner && <WinnerText winner={winner} />}
      </span>
    );

  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 2 }}
      items={[
        {
          key: 'slot',
          label: t('delivery.result.slot'),
          children: t('delivery.candidates.idName', {
            name: diagnosis.slot_name,
            id: diagnosis.slot_id,
          }),
        },
        { key: 'media', label: t('delivery.result.media'), children: diagnosis.media_name },
        {
          key: 'floor',
          label: t('delivery.result.floor'),
          children: perMille(diagnosis.lowest_bid),
        },
        {
          key: 'at',
          label: t('delivery.result.at'),
          children: t('delivery.result.utc', { value: formatDateTime(diagnosis.at, { lang }) }),
        },
        { key: 'outcome', label: t('delivery.result.outcome'), children: outcome, span: 'filled' },
        ...(diagnosis.no_fill_reason === null
          ? [
              {
                key: 'price',
                label: t('delivery.result.price'),
                children: <span data-testid="diagnosis-price">{perMille(diagnosis.price)}</span>,
              },
            ]
          : []),
        {
          key: 'ssp',
          label: t('delivery.result.sspStrategy'),
          span: 'filled' as const,
          children: diagnosis.ssp_strategy ? (
            t('delivery.candidates.idName', {
              name: diagnosis.ssp_strategy.name,
              id: diagnosis.ssp_strategy.id,
            })
          ) : (
            <Typography.Text type="secondary">{t('delivery.result.noSspStrategy')}</Typography.Text>
          ),
        },
      ]}
    />
  );
}
