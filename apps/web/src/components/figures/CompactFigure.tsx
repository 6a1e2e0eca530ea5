/**
 * A figure on a dashboard card: the spec's unit suffixes (K M G T P) once it reaches a
 * thousand, money with the platform's currency, and the exact figure in a tooltip so
 * nothing is lost by shortening ("$25.00K" → "$25,000.00").
 */
import { Tooltip } from 'antd';
import { formatCompact, formatCount, formatCurrency } from '@adloom/domain';
import { currentLanguage } from '../../lib/i18n';

export type FigureKind = 'money' | 'count';

/** The figure shortened, and in full. */
export function figureTexts(value: number, kind: FigureKind) {
  const lang = currentLanguage();
  return kind === 'money'
    ? {
        short: formatCurrency(value, { lang, compact: true }),
        exact: formatCurrency(value, { lang }),
      }
    : { short: formatCompact(value), exact: formatCount(value) };
}

export function CompactFigure({ value, kind }: { value: number; kind: FigureKind }) {
  const { short, exact } = figureTexts(value, kind);
  if (short === exact) return <span>{short}</span>;
  return (
    <Tooltip title={exact}>
      <span data-exact={exact} aria-label={exact}>
        {short}
      </span>
    </Tooltip>
  );
}
