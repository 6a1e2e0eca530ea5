import { msg } from '../messages.js';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZIdBody, ZOk } from './common.js';
import { ZPassword } from './auth.js';
import { SIGN_IN_CALLS } from '../sign-in.js';

export const NICKNAME_MAX_LENGTH = 40;
export const INTRODUCTION_MAX_LENGTH = 500;

const ZUserRef = z.object({ id: z.number().int(), username: z.string(), nickname: z.string() });

/** The signed-in (or, by proxy, the acting) user: the session of docs/product/console.md#sign-in. */
export const ZCurrentUser = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  ability: z.number().int(),
  parentId: z.number().int().nullable(),
  /** Set when acting by proxy: the person really signed in. */
  realUser: ZUserRef.nullable(),
});
export type CurrentUser = z.infer<typeof ZCurrentUser>;

export const currentUser = defineEndpoint({
  ...SIGN_IN_CALLS.currentUser,
  summary: 'The signed-in user (the acting user in proxy mode)',
  tag: 'user',
  response: ZCurrentUser,
});

/** An avatar is an https/http image URL or empty for the default image. */
export const ZAvatarUrl = z.union([
  z.literal(''),
  z.url({ protocol: /^https?$/, ...msg('input.httpUrl') }).max(500),
]);

export const ZProfileForm = z.object({
  nickname: z.string().trim().min(1).max(NICKNAME_MAX_LENGTH),
  avatar: ZAvatarUrl,
  introduction: z.string().trim().max(INTRODUCTION_MAX_LENGTH),
});
export type ProfileForm = z.infer<typeof ZProfileForm>;

export const updateProfile = defineEndpoint({
  method: 'PUT',
  path: '/svc/sys/user/profile',
  summary: 'Edit my nickname, avatar and introduction',
  tag: 'user',
  access: 'login',
  multipart: true,
  body: ZProfileForm,
  response: ZCurrentUser,
});

/** The change-password form: typed twice, must match, must differ from the old (docs/product/messages-and-codes.md#password-messages). */
export const ZPasswordForm = z
  .object({
    oldPassword: z.string().min(1),
    newPassword: ZPassword,
    confirmPassword: z.string().min(1),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    ...msg('password.mismatch'),
  })
  .refine((form) => form.newPassword !== form.oldPassword, {
    path: ['newPassword'],
    ...msg('password.unchanged'),
  });
export type PasswordForm = z.infer<typeof ZPasswordForm>;

/** On the wire both passwords are encoded (credentials.ts). */
export const changePassword = defineEndpoint({
  method: 'PUT',
  path: '/svc/sys/user/password',
  summary: 'Change my password; the old one is checked',
  tag: 'user',
  access: 'login',
  multipart: true,
  body: z.object({
    oldPassword: z.string().min(1).max(1024),
    newPassword: z.string().min(1).max(1024),
  }),
  response: ZOk,
});

export const unlockUser = defineEndpoint({
  method: 'POST',
  path: '/svc/sys/user/unlock',
  summary: 'Unlock an account locked by failed sign-ins',
  tag: 'user',
  access: ['userManager'],
  body: ZIdBody,
  response: ZOk,
});
