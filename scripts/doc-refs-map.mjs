// The mapping table of scripts/doc-refs.mjs: where each cited section of the product
// specification and the design is now said, under docs/product/.

/**
 * Where each section of the specification ("spec") and the design ("design") is now said.
 * Rules are tried in order; the first that fits wins:
 *   after — tested on the text right after the citation (to the next citation or the line's
 *           end); with `eat`, the words it matched are replaced along with the citation;
 *   line  — tested on the whole line;
 *   file  — tested on the file's path.
 * A rule without conditions is the section's default. `to` is a page of docs/product/ with
 * its anchor, or a list of them.
 */
export const MAP = {
  spec: {
    1: [
      { line: /selling lines|login page/i, to: 'console.md#login-page' },
      {
        line: /shell|side menu|footer|top bar|avatar|nickname|Change password/i,
        to: 'console.md#shell',
      },
      {
        line: /proxy|sign-out|sign out|window|acting|impersonat|\?user|operated/i,
        to: 'roles-and-access.md#proxy',
      },
      { line: /language|cookie|Accept-Language/i, to: 'console.md#languages' },
      { to: 'console.md#audiences-and-areas' },
    ],
    2: [
      { after: /^\s*\/[A-Za-z*]/, to: 'console.md#screens' },
      { line: /route table|every route/i, to: 'console.md#screens' },
      { after: /^\s*creation flow\b/, eat: true, to: 'console.md#plan-creation-flow' },
      { line: /dashboard|content by role/i, to: 'reports.md#dashboard' },
      { line: /report/i, to: 'reports.md#report-screens' },
      {
        line: /creation flow|\bsteps?\b|strategy list|complete plan|creatives per strategy|configure creatives/i,
        to: 'console.md#plan-creation-flow',
      },
      {
        line: /anonymous|redirect|\/401|\/404|no-go-back|unknown path|access rules|scroll|document|page title|dash, product|menu|hidden/i,
        to: 'console.md#access-rules',
      },
      { line: /strategies/i, to: 'console.md#plan-creation-flow' },
      { to: 'console.md#screens' },
    ],
    3: [
      { after: /^\s*Creative\b/, eat: true, to: 'advertising.md#creatives' },
      { after: /^\s*Slot and Media\b/, eat: true, to: ['supply.md#slots', 'supply.md#media'] },
      { after: /^\s*Slot\b/, eat: true, to: 'supply.md#slots' },
      { after: /^\s*Media\b/, eat: true, to: 'supply.md#media' },
      { after: /^\s*DSP defaults\b/, eat: true, to: 'supply.md#dsp-defaults' },
      { after: /^\s*DSP type\b/, eat: true, to: 'supply.md#demand-partners' },
      { after: /^\s*DSP\b/, eat: true, to: 'supply.md#demand-partners' },
      { after: /^\s*SSP strategy\b/, eat: true, to: 'supply.md#ssp-strategies' },
      {
        after: /^\s*Plan and Targeting rules\b/,
        eat: true,
        to: ['advertising.md#plans', 'advertising.md#targeting'],
      },
      { after: /^\s*Plan\b/, eat: true, to: 'advertising.md#plans' },
      { after: /^\s*Material\b/, eat: true, to: 'advertising.md#materials' },
      { after: /^\s*Report row\b/, eat: true, to: 'reports.md#report-row' },
      { after: /^\s*saved report config\b/, eat: true, to: 'reports.md#saved-configs' },
      { after: /^\s*change note\b/, eat: true, to: 'api-conventions.md#change-notes' },
      { after: /^\s*hour and week/, to: 'advertising.md#schedule' },
      { after: /^\s*publish time/, to: 'advertising.md#plans' },
      { after: /^\s*sizes\b/, to: 'settings.md#creative-styles' },
      { after: /^\s*targeting(?=[),:;])/, eat: true, to: 'advertising.md#targeting' },
      {
        after: /^\s*(orientation|targeting|Targeting|\(country, OS)/,
        to: 'advertising.md#targeting',
      },
      { after: /^\s*defaults\b/, line: /partner|dsp/i, to: 'supply.md#dsp-defaults' },
      { after: /^\s*defaults\b/, to: 'reports.md#saved-configs' },
      { after: /^:\s*request, fr\b/, to: 'reports.md#saved-configs' },
      { line: /joined with commas|comma-separated/i, to: 'settings.md#countries' },
      { line: /\bnoted?\b|\bchange/i, to: 'api-conventions.md#change-notes' },
      { line: /lang_list|lang_ids/, to: 'settings.md#countries' },
      { line: /session/i, to: 'console.md#sign-in' },
      { line: /SSP strateg/i, to: 'supply.md#ssp-strategies' },
      { line: /targeting|orientation/i, to: 'advertising.md#targeting' },
      { line: /report|saved|chart|checkedMetrics/i, to: 'reports.md#saved-configs' },
      { line: /settings|countries|styles/i, to: 'settings.md' },
      { line: /material/i, to: 'advertising.md#materials' },
      { line: /creative/i, to: 'advertising.md#creatives' },
      { line: /plan/i, to: 'advertising.md#plans' },
      { to: 'README.md' },
    ],
    4: [
      { after: /^\s*(plan status|plan states)\b/i, eat: true, to: 'advertising.md#plan-status' },
      {
        after: /^\s*(review and audit states|review states)\b/,
        eat: true,
        to: 'advertising.md#creative-review',
      },
      {
        after: /^\s*(Creative review|Creative audit states)/,
        to: 'advertising.md#creative-review',
      },
      { after: /^\s*Audit actions/, to: 'advertising.md#audit' },
      { after: /^\s*(Simple status|The wider status)/, to: 'settings.md#status-values' },
      { after: /^\s*(Media )?transcoding/i, to: 'advertising.md#transcoding' },
      { after: /^\s*states\b/, eat: true, to: 'constants.md#enumerations' },
      { line: /report|modif|saved config|saving|switching/i, to: 'reports.md#saved-configs' },
      { file: /\/report\//, to: 'reports.md#saved-configs' },
      { line: /\bplans?\b|Plan/, to: 'advertising.md#plan-status' },
      { line: /transcod|material/i, to: 'advertising.md#transcoding' },
      { line: /creative|audit|review/i, to: 'advertising.md#creative-review' },
      { to: 'constants.md#enumerations' },
    ],
    5: [
      {
        line: /\bnoted?\b|None Update|changes nothing|non-space|change-note|compared|as loaded|edit pattern/i,
        to: 'api-conventions.md#change-notes',
      },
      { line: /encod|credential|transformed/i, to: 'console.md#sign-in' },
      { line: /password/i, to: 'messages-and-codes.md#password-messages' },
      { line: /upload|file part/i, to: 'advertising.md#uploads' },
      { line: /unlimited/i, file: /settings/, to: 'settings.md#creative-styles' },
      { line: /unlimited/i, to: 'supply.md#slots' },
      { line: /follow the prompts|generic/i, to: 'messages-and-codes.md#generic-submit-error' },
      { after: /^\s*messages(?=[),:;])/, eat: true, to: 'messages-and-codes.md#form-messages' },
      { to: 'messages-and-codes.md#form-messages' },
    ],
    6: [
      { line: /mock/i, to: 'roles-and-access.md#mock-root' },
      {
        line: /grant|permission assignment|assignment/i,
        to: 'roles-and-access.md#granting-abilities',
      },
      {
        line: /\bbits?\b|bitmask|values of|advanced targeting|ability/i,
        to: 'roles-and-access.md#abilities',
      },
      { line: /\broles?\b/i, to: 'roles-and-access.md#roles' },
      { to: 'roles-and-access.md#ownership' },
    ],
    7: [
      { line: /multipart|forms? post|form data/i, to: 'api-conventions.md#multipart' },
      { line: /X-Token|Authorization|headers/i, to: 'api-conventions.md#headers' },
      { line: /proxy|acting user/i, to: 'roles-and-access.md#proxy' },
      {
        line: /\bnoted?\b|\bchange|as loaded|edit pattern/i,
        to: 'api-conventions.md#change-notes',
      },
      {
        after: /^\s*behaviour\b/,
        line: /signing in|sign in to/i,
        eat: true,
        to: 'console.md#sign-in',
      },
      { after: /^\s*behaviour\b/, eat: true, to: 'api-conventions.md#after-sign-in' },
      { line: /signing in|sign in to/i, to: 'console.md#sign-in' },
      { line: /reload|setting lists/i, to: 'api-conventions.md#after-sign-in' },
      { to: 'api-conventions.md#paths' },
    ],
    8: [
      { line: /network|no response/i, to: 'messages-and-codes.md#network-error' },
      {
        line: /noLogin|noneCreate|None Create|catalogue|word for word|error type|literal|Log in timeout/,
        to: 'messages-and-codes.md#catalogue',
      },
      { to: 'messages-and-codes.md#response-codes' },
    ],
    9: [
      { after: /^\s*Platform\b/, to: 'constants.md#enumerations' },
      { after: /^\s*storage\b/, eat: true, to: 'constants.md#storage' },
      { after: /^\s*page sizes\b/, eat: true, to: 'constants.md#page-sizes' },
      { after: /^\s*unit suffixes\b/, eat: true, to: 'constants.md#formats' },
      { after: /^\s*formats\b/, eat: true, to: 'constants.md#formats' },
      { after: /^\s*presets?\b/, to: 'reports.md#date-presets' },
      { after: /^\s*enumerations\b/, eat: true, to: 'constants.md#enumerations' },
      { after: /^\s*constants\b/, eat: true, to: 'constants.md' },
      { after: /^\s*"admin and go tokens/, to: 'constants.md#storage' },
      { line: /cookie|storage/i, to: 'constants.md#storage' },
      { line: /page sizes/i, to: 'constants.md#page-sizes' },
      { line: /preset/i, to: 'reports.md#date-presets' },
      { line: /upload|50 ?MB/i, to: 'advertising.md#uploads' },
      { line: /click action|Open Url/i, to: 'advertising.md#click-actions' },
      { line: /format/i, to: 'constants.md#formats' },
      { line: /language/i, to: 'constants.md#languages' },
      { line: /constants/i, to: 'constants.md' },
      { to: 'constants.md#enumerations' },
    ],
  },
  design: {
    1: [
      { line: /redis|share caps|processes/i, to: 'design.md#storage' },
      { to: 'design.md#system-shape' },
    ],
    2: [
      { line: /envelope/i, to: 'api-conventions.md#envelope' },
      { line: /code/i, to: 'messages-and-codes.md#response-codes' },
      { to: 'api-conventions.md' },
    ],
    3: [
      { line: /proxy/i, to: 'roles-and-access.md#proxy' },
      { line: /\broles?\b|derived/i, to: 'roles-and-access.md#roles' },
      { to: 'roles-and-access.md#ownership' },
    ],
    4: [{ to: 'design.md#data-model' }],
    5: [{ to: 'design.md#delivery-engine' }],
    6: [{ to: 'design.md#reports-engine' }],
    7: [{ after: /^\s*budget\b/, eat: true, to: 'design.md#budgets' }, { to: 'design.md#budgets' }],
    8: [{ to: 'design.md#reliability-and-security' }],
    9: [{ to: 'design.md#platform-notes' }],
    10: [{ to: 'design.md#borders' }],
    11: [{ to: 'design.md#console-quality' }],
    // "DESIGN" named without a section.
    bare: [
      { line: /i18n|translation keys|keys namespaced/i, to: 'console.md#languages' },
      { line: /budget/i, to: 'design.md#budgets' },
      { line: /auction type|price/i, to: 'design.md#borders' },
      { to: 'design.md' },
    ],
  },
};
