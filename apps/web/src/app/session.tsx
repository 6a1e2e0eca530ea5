/**
 * The session of docs/product/console.md#sign-in as React state: the signed-in (or, by proxy, acting) user, the
 * roles derived from its ability, the mock-login root, and sign-out. The user comes from
 * GET currentUser whenever a token cookie exists.
 */
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ResponseCode,
  currentUser,
  deriveRoles,
  logout,
  mockRootOf,
  type CurrentUser,
  type Role,
} from '@adloom/domain';
import { ApiError, call } from '../lib/api';
import { endpointKey } from '../lib/query';
import {
  clearTokens,
  endProxy,
  hasToken,
  proxyUser,
  readTokens,
  takeSignedIn,
} from '../lib/session';
import { reloadSettings } from '../lib/settings';

/**
 * `failed`: the user could not be loaded (no connection, a server error); the tokens are
 * kept and the guard offers a retry. `denied`: the server refused the acting user (-110,
 * a proxy target outside the caller's accounts).
 */
export type SessionStatus = 'loading' | 'anonymous' | 'authenticated' | 'denied' | 'failed';

export interface Session {
  status: SessionStatus;
  /** Why the user could not be loaded (status `failed` or `denied`). */
  error: ApiError | null;
  user: CurrentUser | null;
  /** Roles derived from the user's ability; empty when anonymous. */
  roles: Role[];
  mockRoot: 'admin' | 'agent';
  /** The `user` parameter of a proxy window. */
  proxyUser: string | undefined;
  /** Takes the user a profile edit answered. */
  acceptUser(user: CurrentUser): void;
  /** Takes the tokens a sign-in stored: loads the user they belong to. */
  acceptSignIn(): void;
  /** Tries loading the user again (after a network failure). */
  retry(): void;
  signOut(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

function statusOf(signedIn: boolean, loaded: boolean, error: ApiError | null): SessionStatus {
  if (!signedIn) return 'anonymous';
  if (loaded) return 'authenticated';
  if (!error) return 'loading';
  // -100: the api client has cleared the tokens and is on its way to /login.
  if (error.code === ResponseCode.noLogin) return 'anonymous';
  if (error.code === ResponseCode.noAuthority) return 'denied';
  return 'failed';
}

export const CURRENT_USER_KEY = endpointKey(currentUser);

/** How the signed-in user is loaded: by the session, and ahead of it at boot. */
const currentUserQuery = {
  queryKey: CURRENT_USER_KEY,
  queryFn: ({ signal }: { signal: AbortSignal }) => call(currentUser, { signal, silent: true }),
  staleTime: Infinity,
};

/**
 * Asks for the signed-in user at boot, before React renders, when a token cookie exists:
 * the session then finds the answer on its way (or already there) instead of asking once
 * the texts have loaded. A failure is left to the session, which shows it.
 */
export function prefetchCurrentUser(queryClient: QueryClient): void {
  if (hasToken()) void queryClient.prefetchQuery(currentUserQuery);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [signedIn, setSignedIn] = useState(hasToken);
  const query = useQuery({ ...currentUserQuery, enabled: signedIn });

  const error = useMemo(() => {
    if (!query.error) return null;
    return query.error instanceof ApiError
      ? query.error
      : new ApiError(ResponseCode.other, String(query.error));
  }, [query.error]);
  const status = statusOf(signedIn, query.data !== undefined, error);

  useEffect(() => {
    // A proxy window whose acting user was refused falls back to the person's own account.
    if (status === 'denied' && proxyUser()) {
      endProxy();
      void queryClient.resetQueries({ queryKey: CURRENT_USER_KEY });
    }
  }, [status, queryClient]);

  useEffect(() => {
    // After a sign-in, here or on the sign-in page's own entry, the setting lists reload in
    // the background (docs/product/api-conventions.md#after-sign-in).
    if (status === 'authenticated' && takeSignedIn() && readTokens().serviceToken) {
      void reloadSettings(queryClient);
    }
  }, [status, queryClient]);

  const user = status === 'authenticated' ? (query.data ?? null) : null;
  const roles = useMemo(() => (user ? deriveRoles(user.ability) : []), [user]);

  const acceptUser = useCallback(
    (next: CurrentUser) => {
      queryClient.setQueryData(CURRENT_USER_KEY, next);
      setSignedIn(true);
    },
    [queryClient],
  );

  const acceptSignIn = useCallback(() => {
    setSignedIn(true);
    void queryClient.resetQueries({ queryKey: CURRENT_USER_KEY });
  }, [queryClient]);

  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);

  const signOut = useCallback(async () => {
    if (proxyUser()) {
      // A proxy window shares the agent's tokens: it only closes (docs/product/roles-and-access.md#proxy).
      window.close();
      if (!window.closed) {
        endProxy();
        window.location.assign('/dashboard');
      }
      return;
    }
    await call(logout, { body: {}, silent: true }).catch(() => undefined);
    clearTokens();
    window.location.assign('/login');
  }, []);

  const session = useMemo<Session>(
    () => ({
      status,
      error: status === 'failed' || status === 'denied' ? error : null,
      user,
      roles,
      mockRoot: mockRootOf(roles),
      proxyUser: proxyUser(),
      acceptUser,
      acceptSignIn,
      retry,
      signOut,
    }),
    [status, error, user, roles, acceptUser, acceptSignIn, retry, signOut],
  );
  return <SessionContext value={session}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
