/** The change-note pattern (spec §5): the note prompt, None Update, the history drawer. */
export const change = {
  noteTitle: 'Note this change',
  note: 'Note',
  noteHelp: 'Say why; at least two characters.',
  confirm: 'Confirm',
  cancel: 'Cancel',
  noneUpdate: 'None Update',
  historyTitle: 'Change history',
  historyFailed: 'The history could not be loaded.',
  noHistory: 'No changes yet',
  by: 'by {{user}}',
  for: 'for {{user}}',
  field: 'Field',
  before: 'Before',
  after: 'After',
};
