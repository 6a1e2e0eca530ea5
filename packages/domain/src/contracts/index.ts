export * from './endpoint.js';
export * from './common.js';
export * from './auth.js';
export * from './user.js';
export * from './dashboard.js';
export * from './settings.js';

import { accountLogin, logout, serviceLogin } from './auth.js';
import { dashboardSummary } from './dashboard.js';
import { listAllCountries, listLanguages, listStyles } from './settings.js';
import { changePassword, currentUser, unlockUser, updateProfile } from './user.js';

/** Every endpoint of the contract, for route registration and the permission matrix test. */
export const ENDPOINTS = {
  accountLogin,
  serviceLogin,
  logout,
  currentUser,
  updateProfile,
  changePassword,
  unlockUser,
  dashboardSummary,
  listLanguages,
  listAllCountries,
  listStyles,
} as const;
