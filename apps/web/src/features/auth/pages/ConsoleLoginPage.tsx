/**
 * /login inside the console, where an anonymous visitor of a console path is sent without a
 * reload: the sign-in page itself; the session then loads the user and the PublicOnly guard
 * goes on to the redirect target. A direct load of /login gets the page's own entry instead
 * (login.tsx).
 */
import { useSession } from '../../../app/session';
import { LoginPage } from './LoginPage';

export function ConsoleLoginPage() {
  const { acceptSignIn } = useSession();
  return <LoginPage onSignedIn={acceptSignIn} />;
}
