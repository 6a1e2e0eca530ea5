/** What each screen of a later release will hold; keyed like its `menu.*` title. */
export const coming = {
  title: 'Coming soon: {{screen}}',
  subtitle: 'This screen arrives with a later release. It will hold:',
  accountReport:
    'Account report by date and hour: requests, fills, impressions, clicks, CTR, cost, eCPM',
  countryReport: 'Country report: the same metrics split by country',
  sspReport: 'Supply-side report by DSP, media, slot, app version and country',
  diagnosis: 'Why a slot did or did not serve a plan: every candidate with its reason',
};
