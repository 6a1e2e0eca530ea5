/** The list toolkit shared by table screens. */
export const list = {
  search: 'Search',
  searchPlaceholder: 'Name or code',
  status: 'Status',
  allStatuses: 'All statuses',
  active: 'Active',
  on: 'On',
  off: 'Off',
  updated: 'Updated (UTC)',
  actions: 'Actions',
  edit: 'Edit',
  history: 'History',
  save: 'Save',
  loadFailed: 'The list could not be loaded.',
};
