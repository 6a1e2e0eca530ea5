export * from './labels.js';
export * from './enum.js';
export * from './exhaustive.js';
export * from './enums.js';
export * from './enums-settings.js';
export * from './changes.js';
export * from './funds.js';
export * from './messages.js';
export * from './password-policy.js';
export * from './abilities.js';
export * from './routes.js';
export * from './response-codes.js';
export * from './errors.js';
export * from './constants.js';
export * from './money.js';
export * from './format.js';
export * from './dates.js';
export * from './credentials.js';
export * from './sign-in.js';
export * from './contracts/index.js';
export * from './creative-rules.js';
export * from './openrtb.js';
export * from './openrtb-request.js';
export * from './openrtb-request-reader.js';
export * from './iab-category.js';
export * from './prebid.js';
export * from './serving.js';
export * from './currency.js';
export * from './bid-rejections.js';
export * from './delivery.js';
export {
  SDK_PATH,
  SDK_HASHED_PREFIX,
  SDK_SHORT_CACHE_SECONDS,
  DEMO_PUBLISHER_PATH,
  VIEWABILITY,
  SPLASH_COUNTDOWN_SECONDS,
  REWARDED_SKIP_AFTER_SECONDS,
  REWARDED_STILL_SECONDS,
  SERVE_CONSENT_PARAMS,
  demoPageName,
  demoPagePath,
  isOverlayForm,
  webSdkSnippet,
} from './sdk.js';
