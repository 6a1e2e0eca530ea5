/** The report screens' texts. */
export const report = {
  title: '报表',
};
