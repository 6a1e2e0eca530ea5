/**
 * The sign-in page's own entry (login.tsx, served at /login): a signed-in visitor goes on to
 * the redirect target at once, as the console's PublicOnly guard sends one; anyone else signs
 * in first. Both leave with a full navigation, so the console starts with the new tokens (and
 * reloads the setting lists, app/session.tsx). The target is the `redirect` parameter made
 * safe (lib/session.ts `safeRedirect`): a path of this console, never another site.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_TITLE } from '@adloom/domain';
import { Loading } from '../../app/Loading';
import { currentLanguage } from '../../lib/language';
import { hasToken, safeRedirect } from '../../lib/session';
import { hasSession } from './api';
import { LoginPage } from './pages/LoginPage';

export interface SignInAppProps {
  /** The address's query string, `?redirect=%2Fad%2Fplan`. */
  search: string;
  /** Leaves for a path of the console with a full navigation (`location.replace`). */
  leave(path: string): void;
}

export function SignInApp({ search, leave }: SignInAppProps) {
  const { t, i18n } = useTranslation();
  const target = safeRedirect(new URLSearchParams(search).get('redirect'));
  // With a token the session is asked first; the form shows only when there is none.
  const [checking, setChecking] = useState(hasToken);

  useEffect(() => {
    if (!checking) return undefined;
    let live = true;
    void hasSession(currentLanguage()).then((signedIn) => {
      if (!live) return;
      if (signedIn) leave(target);
      else setChecking(false);
    });
    return () => {
      live = false;
    };
  }, [checking, leave, target]);

  // The console's title of /login (app/AppRoot.tsx documentTitleOf).
  useEffect(() => {
    document.title = `${t('menu.login')} - ${PRODUCT_TITLE}`;
  }, [t, i18n.language]);

  if (checking) return <Loading fullPage />;
  return <LoginPage onSignedIn={() => leave(target)} />;
}
