export const layout = {
  mainMenu: 'Main menu',
  collapseMenu: 'Collapse menu',
  expandMenu: 'Expand menu',
  accountMenu: 'Account menu',
  home: 'Home',
  changePassword: 'Change password',
  signOut: 'Sign out',
  proxyBanner: 'Acting as {{nickname}} ({{username}}) — signed in as {{realUser}}',
  copyright: '© {{year}} {{company}} All Rights Reserved',
  skipToContent: 'Skip to content',
};
