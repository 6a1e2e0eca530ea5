/** Creatives (/ad/idea) and their audit (/ad/exam). */
export const creative = {
  title: 'creative',
};
