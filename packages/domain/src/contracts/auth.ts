import { msg } from '../messages.js';
import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { ZOk } from './common.js';
import {
  PASSWORD_MAX_LENGTH,
  SIGN_IN_CALLS,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '../sign-in.js';

/** For a new password; the server also refuses common and guessable ones (password-policy.ts). */
export const PASSWORD_MIN_LENGTH = 8;

/** A username as a person types it. */
export const ZUsername = z
  .string()
  .trim()
  .min(USERNAME_MIN_LENGTH)
  .max(USERNAME_MAX_LENGTH)
  .regex(USERNAME_PATTERN, msg('password.usernameChars'));
/** A new password (create, change, reset). */
export const ZPassword = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

/**
 * The sign-in form, before encoding. The password is only required: one set under an
 * earlier, shorter rule must still sign in. The sign-in page checks the same rules without
 * zod (sign-in.ts, held equal by sign-in.test.ts).
 */
export const ZLoginForm = z.object({
  username: ZUsername,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginForm = z.infer<typeof ZLoginForm>;

/** On the wire both values are encoded (credentials.ts); the server decodes and checks ZLoginForm. */
export const ZLoginBody = z.object({
  username: z.string().min(1).max(1024),
  password: z.string().min(1).max(1024),
  note: z.string().max(500).optional(),
});

export const accountLogin = defineEndpoint({
  ...SIGN_IN_CALLS.accountLogin,
  summary: 'Sign in to the account service; answers the admin token',
  tag: 'auth',
  body: ZLoginBody,
  response: z.object({ token: z.string(), id: z.number().int(), expiresAt: z.string() }),
});

export const serviceLogin = defineEndpoint({
  ...SIGN_IN_CALLS.serviceLogin,
  summary: 'Sign in to the service; answers the service access token',
  tag: 'auth',
  body: ZLoginBody,
  response: z.object({ access_token: z.string(), id: z.number().int(), expiresAt: z.string() }),
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/user/logout',
  summary: 'Sign out: revokes the tokens the request carries',
  tag: 'auth',
  access: 'login',
  body: z.object({ note: z.string().max(500).optional() }).optional(),
  response: ZOk,
});
