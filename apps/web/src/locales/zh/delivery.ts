/** The delivery screens' texts. */
export const delivery = {
  title: '投放诊断',
};
