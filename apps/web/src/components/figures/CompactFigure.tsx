/**
 * A figure on a dashboard card: the spec's unit suffixes (K M G T P) once it reaches a
 * thousand, money with the platform's currency, and the exact figure in a tooltip so
 * nothing is lost by shortening ("$25.00K" → "$25,000.00").
 */
import { Suspense, useState } from 'react';
import { currencySymbol, formatCompact, formatCount, formatCurrency } from '@adloom/domain';
import { lazyWithAntd } from '../../app/lazyWithAntd';
import { currentLanguage, languageFromCookie } from '../../lib/i18n';

// antd's tooltip is mounted when the pointer or the focus first comes to the figure: the
// dashboard's cards paint before antd has loaded (docs/decisions/dashboard-first-load.md).
const Tooltip = lazyWithAntd(() => import('antd/es/tooltip').then((m) => m.default));

// The browser loads its currency data on the first currency formatter (~25 ms, a long task at
// a phone's speed): once this module loads, while the page waits for its figures, rather than
// in the cards' render (docs/decisions/dashboard-first-load.md).
setTimeout(() => currencySymbol(languageFromCookie()), 0);

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
  const [pointed, setPointed] = useState(false);
  if (short === exact) return <span>{short}</span>;
  const figure = (
    <span
      data-exact={exact}
      aria-label={exact}
      onPointerEnter={pointed ? undefined : () => setPointed(true)}
    >
      {short}
    </span>
  );
  if (!pointed) return figure;
  return (
    <Suspense fallback={figure}>
      <Tooltip title={exact} defaultOpen>
        {figure}
      </Tooltip>
    </Suspense>
  );
}
