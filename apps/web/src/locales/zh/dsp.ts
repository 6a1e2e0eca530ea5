/** Demand partners (/ssp/dsp). */
export const dsp = {
  title: 'dsp',
};
