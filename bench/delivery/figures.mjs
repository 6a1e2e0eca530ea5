// How the delivery benchmark prints its figures (bench/delivery/run.mjs): one row per
// measured route, and each budget's verdict against the bare route of the same run.

export const format = (value, digits = 0) =>
  Number(value).toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });

export function row(label, figures) {
  const cpu = (us) => (us === undefined ? '' : format(us, 1)).padStart(12);
  return `  ${label.padEnd(32)} ${format(figures.rps).padStart(9)} ${format(figures.p50).padStart(8)} ${format(figures.p99).padStart(8)} ${String(figures.non2xx + figures.errors).padStart(8)} ${cpu(figures.serverCpuUs)} ${cpu(figures.databaseCpuUs || undefined)}`;
}

/** Removes the Redis keys of this run's prefix (the cluster mode's shared state). */
export function verdict(label, figures, bareFigures, budget) {
  const ratio = figures.rps / bareFigures.rps;
  const misses = [
    ratio < budget.ratio ? `ratio ${ratio.toFixed(2)} < ${budget.ratio}` : null,
    budget.p99Ms !== undefined && figures.p99 > budget.p99Ms
      ? `p99 ${figures.p99} ms > ${budget.p99Ms} ms`
      : null,
    figures.non2xx + figures.errors > 0 ? 'some requests failed' : null,
  ].filter(Boolean);
  const terms = `ratio ≥ ${budget.ratio}${budget.p99Ms === undefined ? '' : `, p99 ≤ ${budget.p99Ms} ms`}`;
  console.info(
    `  ${label} ÷ bare: ${ratio.toFixed(2)}; fill rate of the answers ${(figures.fillRate * 100).toFixed(1)}%; ` +
      (misses.length === 0
        ? `budget (${terms}): met`
        : `budget (${terms}): NOT met (${misses.join('; ')})`),
  );
}
