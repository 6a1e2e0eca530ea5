/**
 * The rules of a creative (docs/product/advertising.md#creatives, docs/product/advertising.md#creative-review), shared by the server (which
 * enforces them) and the console (whose form follows them): which elements a style asks
 * for, title and description limits, how an image or video fits the style's sizes, what
 * each click action needs, and the audit state a creative shows. The decisions behind
 * them are in docs/decisions/creative-audit.md.
 *
 * One file per job under creative-rules/ (style, issues, content, special-config, materials,
 * audit); this index is what the package exports.
 */

// The deep-link rule is part of a creative's rules; exported with them.
export * from './deeplinks.js';
export * from './creative-rules/style.js';
export * from './creative-rules/issues.js';
export * from './creative-rules/content.js';
export * from './creative-rules/special-config.js';
export * from './creative-rules/materials.js';
export * from './creative-rules/audit.js';
