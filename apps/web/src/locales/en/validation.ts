/** Form messages. Limits come from the shared zod schemas; only the words live here. */
export const validation = {
  required: 'This field is required',
  tooShort: 'At least {{min}} characters',
  tooLong: 'At most {{max}} characters',
  usernameChars: 'Only letters, digits and _ . @ -',
  httpUrl: 'Must be an http(s) address',
  passwordMismatch: 'The two passwords do not match',
  passwordUnchanged: 'The new password must differ from the old one',
  noteRequired: 'Please note something',
  amountFormat: 'Write an amount such as 125.50 (at most 6 decimals)',
  amountTooLarge: 'At most 100,000,000 at a time',
  amountPositive: 'Must be more than 0',
};
