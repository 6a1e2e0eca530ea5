/** SSP strategies on the DSP screen. */
export const sspStrategy = {
  title: 'sspStrategy',
};
