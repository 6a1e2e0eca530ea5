/** The report screens' texts. */
export const report = {
  title: 'Reports',
};
