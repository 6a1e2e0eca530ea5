/** The delivery screens' texts. */
export const delivery = {
  title: 'Delivery diagnosis',
};
