/** Materials (/ad/resource). */
export const material = {
  title: 'material',
};
