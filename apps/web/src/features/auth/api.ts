/**
 * Signing in (docs/product/console.md#sign-in): encode both credentials, sign in to the account
 * service and then to the service, keep both tokens, load the current user (failing that,
 * forget the tokens) and note the sign-in, so that the console reloads the setting lists
 * (app/session.tsx).
 *
 * The sign-in page's first load carries no zod (docs/PERFORMANCE.md, "/login first load"), so
 * these calls go without the console's client (lib/api.ts checks every answer against its zod
 * schema): they send as it does (lib/request.ts), read the envelope and its error as it does
 * (lib/answer.ts), and check by hand the fields they use. The console checks the current
 * user against its contract when it loads it into the session.
 */
import {
  ResponseCode,
  SIGN_IN_CALLS,
  encodeCredential,
  loginFormOutput,
  type InterfaceLanguage,
  type LoginValues,
} from '@adloom/domain';
import { ApiError, answerError, answerText, networkError, readEnvelope } from '../../lib/answer';
import { send, type EndpointTarget, type RequestOptions } from '../../lib/request';
import { clearTokens, noteSessionTimedOut, noteSignedIn, storeTokens } from '../../lib/session';

/** The `data` of a successful answer; its code, text and wait in an ApiError otherwise. */
async function ask(
  endpoint: EndpointTarget,
  options: RequestOptions,
  lang: InterfaceLanguage,
): Promise<unknown> {
  const envelope = readEnvelope(await send(endpoint, options, lang));
  if (!envelope) throw networkError(lang);
  if (envelope.code !== ResponseCode.ok) throw answerError(envelope, lang);
  return envelope.data;
}

/** A sign-in's token and its end, or the error of an answer that breaks the contract. */
function tokenOf(data: unknown, name: 'token' | 'access_token', lang: InterfaceLanguage) {
  const answer = (data ?? {}) as Record<string, unknown>;
  const token = answer[name];
  const expiresAt = answer.expiresAt;
  if (typeof token !== 'string' || typeof expiresAt !== 'string') {
    throw new ApiError(ResponseCode.other, answerText(ResponseCode.other, '', lang));
  }
  return { token, expiresAt };
}

export async function signIn(form: LoginValues, lang: InterfaceLanguage): Promise<void> {
  const { username, password } = loginFormOutput(form);
  const body = { username: encodeCredential(username), password: encodeCredential(password) };
  try {
    const account = tokenOf(await ask(SIGN_IN_CALLS.accountLogin, { body }, lang), 'token', lang);
    storeTokens({ adminToken: account.token }, account.expiresAt);
    const service = tokenOf(
      await ask(SIGN_IN_CALLS.serviceLogin, { body }, lang),
      'access_token',
      lang,
    );
    storeTokens({ serviceToken: service.token }, service.expiresAt);
    await ask(SIGN_IN_CALLS.currentUser, {}, lang);
    noteSignedIn();
  } catch (error) {
    clearTokens();
    throw error;
  }
}

/**
 * Whether the tokens this browser holds still open a session (a signed-in visitor of /login
 * goes on). A lost session (-100) is forgotten and the page says it timed out, as the
 * console's client does; any other failure keeps the tokens and says no.
 */
export async function hasSession(lang: InterfaceLanguage): Promise<boolean> {
  try {
    await ask(SIGN_IN_CALLS.currentUser, {}, lang);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === ResponseCode.noLogin) {
      clearTokens();
      noteSessionTimedOut();
    }
    return false;
  }
}
