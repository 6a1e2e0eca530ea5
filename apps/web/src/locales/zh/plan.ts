/** Plans and strategies (/ad/plan). */
export const plan = {
  title: 'plan',
};
