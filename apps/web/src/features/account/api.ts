/** Platform accounts: the calls of /user/manage and the ability bits as the forms use them. */
import {
  ABILITY_BITS,
  Ability,
  NICKNAME_MAX_LENGTH,
  ZPassword,
  ZUsername,
  createAccount,
  encodeCredential,
  resetAccountPassword,
  type AbilityName,
  type Account,
  msg,
} from '@adloom/domain';
import { z } from 'zod';
import { call } from '../../lib/api';

export const ACCOUNT_SORTS = [
  'id',
  'username',
  'nickname',
  'status',
  'balance',
  'created_at',
] as const;

/** Every bit in the order of docs/product/roles-and-access.md#abilities. */
export const ABILITY_LIST = (Object.keys(Ability) as AbilityName[]).map((name) => ({
  name,
  ...ABILITY_BITS[name],
}));

/** The bits of a mask, as the ability checkboxes hold them. */
export function bitsOf(ability: number): number[] {
  return ABILITY_LIST.filter((bit) => (ability & bit.value) === bit.value).map((bit) => bit.value);
}

export function maskOf(bits: readonly number[] | undefined): number {
  return (bits ?? []).reduce((sum, bit) => sum | bit, 0);
}

const ZNickname = z.string().trim().min(1).max(NICKNAME_MAX_LENGTH);

const ZPasswordTwice = z
  .object({ password: ZPassword, confirmPassword: z.string().min(1) })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    ...msg('password.mismatch'),
  });

/** The fields the create dialog checks (abilities and revenue share are chosen, not typed). */
export const ZCreateDialog = z
  .object({
    username: ZUsername,
    nickname: ZNickname,
    password: ZPassword,
    confirmPassword: z.string().min(1),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    ...msg('password.mismatch'),
  });

export const ZEditDialog = z.object({ nickname: ZNickname });
export const ZResetDialog = ZPasswordTwice;

export interface CreateForm {
  username: string;
  nickname: string;
  password: string;
  confirmPassword: string;
  ability: number[];
  revenue_share?: number;
}

export interface EditForm {
  nickname: string;
  ability: number[];
  revenue_share?: number;
}

export interface ResetForm {
  password: string;
  confirmPassword: string;
}

/** Creates an account; the password travels encoded (docs/product/console.md#sign-in). */
export function sendCreate(form: CreateForm, withShare: boolean): Promise<Account> {
  return call(createAccount, {
    body: {
      username: form.username.trim(),
      nickname: form.nickname.trim(),
      password: encodeCredential(form.password),
      ability: maskOf(form.ability),
      ...(withShare ? { revenue_share: form.revenue_share ?? 0 } : {}),
    },
    silent: true,
  });
}

export function sendReset(id: number, form: ResetForm) {
  return call(resetAccountPassword, {
    body: { id, password: encodeCredential(form.password) },
    silent: true,
  });
}
