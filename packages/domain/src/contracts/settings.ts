/**
 * System settings (docs/product/console.md#screens /system/*, docs/product/settings.md, docs/product/api-conventions.md#paths): languages, countries, creative styles, ad
 * types, brands and models, audience characteristics. Reads are open to any signed-in
 * user (other screens need them); writes need the system role and may carry a change note.
 *
 * One file per area under settings/; this index is what the package exports (the role
 * constant and the name field stay inside the folder).
 */
export {
  ZStatus,
  csvList,
  ZSize,
  type Size,
  formatSize,
  parseSize,
  ZSizeInput,
  ZSwitchBody,
} from './settings/fields.js';
export * from './settings/languages.js';
export * from './settings/countries.js';
export * from './settings/styles.js';
export * from './settings/ad-types.js';
export * from './settings/devices.js';
export * from './settings/audience.js';
