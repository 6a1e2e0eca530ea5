export const error = {
  notFoundTitle: '404',
  notFound: 'Sorry, the page you are looking for does not exist.',
  deniedTitle: '401',
  denied: 'Sorry, your account is not allowed to open this page.',
  pageCrashed: 'Something went wrong on this page.',
  reload: 'Reload',
};
