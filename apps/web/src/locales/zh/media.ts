/** Media and slots (/ssp/media, /ssp/slot). */
export const media = {
  title: 'media',
};
