export * from './endpoint.js';
export * from './common.js';
export * from './input.js';
export * from './auth.js';
export * from './user.js';
export * from './dashboard.js';
export * from './settings.js';
export * from './change.js';
export * from './account.js';
export * from './fund.js';
export * from './system.js';
export * from './ad-common.js';
export * from './material.js';
export * from './creative.js';
export * from './plan.js';
export * from './media.js';
export * from './supply-impact.js';
export * from './dsp.js';
export * from './ssp-strategy.js';
export * from './delivery.js';
export * from './report.js';
export * from './currency.js';

import { accountLogin, logout, serviceLogin } from './auth.js';
import { dashboardSummary } from './dashboard.js';
import * as settings from './settings.js';
import { listChanges } from './change.js';
import * as account from './account.js';
import * as fund from './fund.js';
import * as system from './system.js';
import { MATERIAL_ENDPOINTS } from './material.js';
import { CREATIVE_ENDPOINTS } from './creative.js';
import { PLAN_ENDPOINTS } from './plan.js';
import { MEDIA_ENDPOINTS } from './media.js';
import { SUPPLY_IMPACT_ENDPOINTS } from './supply-impact.js';
import { DSP_ENDPOINTS } from './dsp.js';
import { SSP_STRATEGY_ENDPOINTS } from './ssp-strategy.js';
import { DELIVERY_ENDPOINTS } from './delivery.js';
import { REPORT_ENDPOINTS } from './report.js';
import { CURRENCY_ENDPOINTS } from './currency.js';
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
  listChanges,
  listLanguages: settings.listLanguages,
  createLanguage: settings.createLanguage,
  modifyLanguage: settings.modifyLanguage,
  listAllCountries: settings.listAllCountries,
  listCountries: settings.listCountries,
  createCountry: settings.createCountry,
  modifyCountry: settings.modifyCountry,
  switchCountry: settings.switchCountry,
  listStyles: settings.listStyles,
  createStyle: settings.createStyle,
  modifyStyle: settings.modifyStyle,
  switchStyle: settings.switchStyle,
  listAdTypes: settings.listAdTypes,
  createAdType: settings.createAdType,
  modifyAdType: settings.modifyAdType,
  switchAdType: settings.switchAdType,
  listBrands: settings.listBrands,
  listAllBrands: settings.listAllBrands,
  getBrand: settings.getBrand,
  createBrand: settings.createBrand,
  modifyBrand: settings.modifyBrand,
  switchBrand: settings.switchBrand,
  listModels: settings.listModels,
  createModel: settings.createModel,
  modifyModel: settings.modifyModel,
  switchModel: settings.switchModel,
  listHuman: settings.listHuman,
  createHuman: settings.createHuman,
  modifyHuman: settings.modifyHuman,
  switchHuman: settings.switchHuman,
  listAccounts: account.listAccounts,
  getAccount: account.getAccount,
  createAccount: account.createAccount,
  modifyAccount: account.modifyAccount,
  switchAccount: account.switchAccount,
  resetAccountPassword: account.resetAccountPassword,
  topUp: fund.topUp,
  adjustBalance: fund.adjustBalance,
  listLedger: fund.listLedger,
  listFundRequests: fund.listFundRequests,
  approveFundRequest: fund.approveFundRequest,
  rejectFundRequest: fund.rejectFundRequest,
  getSystemParameters: system.getSystemParameters,
  modifySystemParameters: system.modifySystemParameters,
  ...MATERIAL_ENDPOINTS,
  ...CREATIVE_ENDPOINTS,
  ...PLAN_ENDPOINTS,
  ...MEDIA_ENDPOINTS,
  ...SUPPLY_IMPACT_ENDPOINTS,
  ...DSP_ENDPOINTS,
  ...SSP_STRATEGY_ENDPOINTS,
  ...DELIVERY_ENDPOINTS,
  ...REPORT_ENDPOINTS,
  ...CURRENCY_ENDPOINTS,
} as const;
