/** What each screen of a later release will hold; keyed like its `menu.*` title. */
export const coming = {
  title: 'Coming soon: {{screen}}',
  subtitle: 'This screen arrives with a later release. It will hold:',
  plans: 'Plans with budget, bid, billing, schedule, strategies and creatives',
  planEdit:
    'Plan editing: create the plan, add strategies with targeting, configure creatives per strategy, then finish',
  ideas: 'Creatives with style, language, images or video, texts, click action and monitor links',
  resources:
    'Materials: upload and manage images and videos (jpg, png, gif, mp4, mkv, up to 50 MB)',
  exam: 'Creative audit: review pending creatives and approve or reject them',
  media: 'Media: the apps and sites that offer ad slots',
  slots: 'Slots with lowest bid, supported styles, ad type, country and size',
  dsp: 'Demand partners (DSP) with request URLs, timeouts and strategy configuration',
  accountReport:
    'Account report by date and hour: requests, fills, impressions, clicks, CTR, cost, eCPM',
  countryReport: 'Country report: the same metrics split by country',
  sspReport: 'Supply-side report by DSP, media, slot, app version and country',
  human: 'Audience characteristics: gender, age and hierarchical interests',
  style:
    'Creative style elements: sizes of icon, image, three images and video, title and description limits',
  adType: 'Ad types used by slots and creatives',
  brand: 'Device brands with their codes, and their models',
  models: 'The model list of a brand',
  country: 'Countries with their codes and languages',
};
