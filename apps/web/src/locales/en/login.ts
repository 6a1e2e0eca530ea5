export const login = {
  heading: 'Sign in to your account',
  sellingChannelsTitle: 'Rich channel resources',
  sellingChannelsText: 'Reach audiences across media, apps and demand partners worldwide.',
  sellingTechTitle: 'Strong technical advantage',
  sellingTechText:
    'Real-time bidding, precise targeting and pacing that keeps every budget on plan.',
  sellingDataTitle: 'Intelligent data analysis',
  sellingDataText: 'Reports by day, hour, country and partner turn traffic into decisions.',
  username: 'Username',
  usernamePlaceholder: 'Your username',
  usernameRequired: 'Please enter your username',
  password: 'Password',
  passwordPlaceholder: 'Your password',
  passwordRequired: 'Please enter your password',
  submit: 'Sign in',
  wrongCredentials: 'Wrong username or password.',
};
