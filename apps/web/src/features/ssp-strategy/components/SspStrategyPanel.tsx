/** Placeholder until SSP strategies land (issue 6): the strategy configuration of /ssp/dsp. */
export function SspStrategyPanel() {
  return null;
}
