import type { validation as en } from '../en/validation';

export const validation: typeof en = {
  required: '此项必填',
  tooShort: '至少 {{min}} 个字符',
  tooLong: '最多 {{max}} 个字符',
  usernameChars: '只能包含字母、数字和 _ . @ -',
  httpUrl: '必须是 http(s) 地址',
  passwordMismatch: '两次输入的密码不一致',
  passwordUnchanged: '新密码不能与原密码相同',
  noteRequired: '请填写备注',
  amountFormat: '请填写金额，例如 125.50（最多 6 位小数）',
  amountTooLarge: '单次最多 100,000,000',
  amountPositive: '必须大于 0',
};
