/**
 * Access rules of docs/product/console.md#access-rules: anonymous visitors go to /login?redirect=<wanted>; a signed-in
 * visitor of /login goes on to the redirect target or /; a missing role goes to /401 with
 * the no-go-back flag; a group goes to its default child.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { canAccess, menuFor, type ConsoleRoute, type RouteAccess } from '@adloom/domain';
import { loginPathFor, safeRedirect } from '../lib/session';
import { Loading } from './Loading';
import { SessionFailed } from './SessionFailed';
import { useSession } from './session';

/** The state /401 reads: true hides its "Go back" button. */
export interface DeniedState {
  noGoBack?: boolean;
}

const DENIED_STATE: DeniedState = { noGoBack: true };

export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const { pathname, search } = useLocation();
  if (status === 'loading') return <Loading fullPage />;
  if (status === 'failed') return <SessionFailed />;
  if (status === 'denied') return <Navigate to="/401" replace state={DENIED_STATE} />;
  if (status === 'anonymous') return <Navigate to={loginPathFor(pathname, search)} replace />;
  return children;
}

/** /login: a signed-in user goes on to where the redirect parameter points, or to /. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const [params] = useSearchParams();
  if (status === 'loading') return <Loading fullPage />;
  if (status === 'authenticated')
    return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return children;
}

export function RequireAccess({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { roles } = useSession();
  if (!canAccess(access, roles)) return <Navigate to="/401" replace state={DENIED_STATE} />;
  return children;
}

/** Where a group sends to: its default child when permitted, else its first permitted child. */
export function groupTarget(group: ConsoleRoute, roles: Parameters<typeof menuFor>[0]) {
  const children = group.children ?? [];
  const preferred = children.find(
    (child) => child.path === group.redirect && canAccess(child.access, roles),
  );
  return preferred?.path ?? menuFor(roles, children)[0]?.path;
}

export function GroupRedirect({ group }: { group: ConsoleRoute }) {
  const { roles } = useSession();
  const target = groupTarget(group, roles);
  return target ? (
    <Navigate to={target} replace />
  ) : (
    <Navigate to="/401" replace state={DENIED_STATE} />
  );
}
