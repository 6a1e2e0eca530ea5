/**
 * Signing in (docs/product/console.md#sign-in): encode both credentials, sign in to the account service
 * and then to the service, keep both tokens, load the current user (failing that, forget
 * the tokens) and, with the service token, reload the setting lists in the background.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  ZLoginForm,
  accountLogin,
  currentUser,
  encodeCredential,
  serviceLogin,
  type CurrentUser,
  type LoginForm,
} from '@adloom/domain';
import { call } from '../../lib/api';
import { reloadSettings } from '../../lib/settings';
import { clearTokens, readTokens, storeTokens } from '../../lib/session';

export async function signIn(form: LoginForm, queryClient: QueryClient): Promise<CurrentUser> {
  const { username, password } = ZLoginForm.parse(form);
  const body = { username: encodeCredential(username), password: encodeCredential(password) };
  try {
    const account = await call(accountLogin, { body, silent: true });
    storeTokens({ adminToken: account.token }, account.expiresAt);
    const service = await call(serviceLogin, { body, silent: true });
    storeTokens({ serviceToken: service.access_token }, service.expiresAt);
    const user = await call(currentUser, { silent: true });
    if (readTokens().serviceToken) void reloadSettings(queryClient);
    return user;
  } catch (error) {
    clearTokens();
    throw error;
  }
}
