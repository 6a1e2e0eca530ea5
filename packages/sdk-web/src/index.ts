/** Adloom's web SDK (issue 17): the entry point the build bundles into /sdk/v1/adloom.js. */
export const SDK_VERSION = '1.0.0';
