// First: zod must not probe eval() (strict CSP) when the domain schemas are built.
import './lib/zodConfig';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import type { DeniedState } from './app/guards';
import { preloadConsolePage } from './app/pages';
import { buildRoutes } from './app/routes';
import { prefetchCurrentUser } from './app/session';
import { configureApi } from './lib/api';
import { currentLanguage, i18n, languageFromCookie, setupI18n } from './lib/i18n';
import { createQueryClient } from './lib/query';
import { captureProxyUser, hasToken } from './lib/session';
import { showError } from './lib/toast';
import './styles.css';

// A proxy window (?user=) keeps acting as that user for its whole life (docs/product/roles-and-access.md#proxy).
captureProxyUser();

const router = createBrowserRouter(buildRoutes());
const denied: DeniedState = { noGoBack: true };
configureApi({
  notifyError: showError,
  goToDenied: () => void router.navigate('/401', { replace: true, state: denied }),
  // Until the texts have loaded, the language the cookie names.
  language: () => (i18n.isInitialized ? currentLanguage() : languageFromCookie()),
});
const queryClient = createQueryClient();

// A signed-in visitor's user, the shell and the page of the address are fetched now, side by
// side with the texts, not one after the other (docs/decisions/dashboard-first-load.md).
if (hasToken()) {
  prefetchCurrentUser(queryClient);
  preloadConsolePage(window.location.pathname);
}

// The first screen's texts; every other page and antd part loads the rest (lib/i18n.ts).
void setupI18n(languageFromCookie(), { allTexts: false }).then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // A background render: the first one (shell and page together) yields to the browser
  // between components instead of holding the main thread in one long task.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
});
