/**
 * A slot's traffic as one stacked bar: each demand partner's permille in its colour, then
 * what stays with our own DSP (hatched). The bar's accessible name is the same summary the
 * table shows: "DSP A 600‰, DSP B 300‰, own 100‰".
 */
import { useTranslation } from 'react-i18next';
import { SimpleStatus } from '@adloom/domain';
import styles from './AllocationBar.module.css';

export interface Share {
  dsp_id: number;
  dsp_name: string;
  dsp_status: number;
  permille: number;
}

const COLORS = ['#1677ff', '#13c2c2', '#fa8c16', '#722ed1', '#eb2f96', '#52c41a', '#fadb14'];

/** The colour of the n-th partner of a bar (the same in the bar and its legend). */
export const shareColor = (index: number): string => COLORS[index % COLORS.length] ?? '#1677ff';

/** "DSP A 600‰, DSP B 300‰, own 100‰" in the interface language. */
export function useSplitSummary(): (shares: readonly Share[], own: number) => string {
  const { t } = useTranslation();
  return (shares, own) =>
    [
      ...shares.map((share) =>
        t('sspStrategy.split.shareText', {
          name: share.dsp_name || `#${share.dsp_id}`,
          permille: share.permille,
        }),
      ),
      t('sspStrategy.split.ownText', { permille: own }),
    ].join(t('sspStrategy.split.separator'));
}

export function AllocationBar({
  shares,
  own,
  large = false,
  legend = false,
}: {
  shares: readonly Share[];
  own: number;
  large?: boolean;
  /** Names each colour under the bar. */
  legend?: boolean;
}) {
  const { t } = useTranslation();
  const summary = useSplitSummary()(shares, own);
  const paused = (share: Share) => share.dsp_status !== SimpleStatus.active;
  return (
    <div>
      <div
        className={large ? `${styles.bar} ${styles.large}` : styles.bar}
        role="img"
        aria-label={summary}
        title={summary}
      >
        {shares.map((share, index) =>
          share.permille > 0 ? (
            <span
              key={share.dsp_id}
              className={paused(share) ? `${styles.segment} ${styles.paused}` : styles.segment}
              style={{ width: `${share.permille / 10}%`, background: shareColor(index) }}
            />
          ) : null,
        )}
        {own > 0 && (
          <span className={`${styles.segment} ${styles.own}`} style={{ width: `${own / 10}%` }} />
        )}
      </div>
      {legend && (
        <div className={styles.legend}>
          {shares.map((share, index) => (
            <span key={share.dsp_id}>
              <span className={styles.swatch} style={{ background: shareColor(index) }} />
              {share.dsp_name || `#${share.dsp_id}`} {share.permille}‰
              {paused(share) && ` (${t('sspStrategy.split.paused')})`}
            </span>
          ))}
          <span>
            <span className={`${styles.swatch} ${styles.own}`} />
            {t('sspStrategy.split.own')} {own}‰
          </span>
        </div>
      )}
    </div>
  );
}
