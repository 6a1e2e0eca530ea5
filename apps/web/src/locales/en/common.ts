export const common = {
  language: 'Language',
  english: 'English',
  chinese: '中文',
  home: 'Home',
  back: 'Go back',
  retry: 'Retry',
  loading: 'Loading…',
  productTagline: 'Advertising platform console',
};
