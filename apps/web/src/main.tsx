// First: zod must not probe eval() (strict CSP) when the domain schemas are built.
import './lib/zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/App';
import type { DeniedState } from './app/guards';
import { buildRoutes } from './app/routes';
import { configureApi } from './lib/api';
import { currentLanguage, setupI18n } from './lib/i18n';
import { createQueryClient } from './lib/query';
import { captureProxyUser } from './lib/session';
import { showError } from './lib/toast';
import './styles.css';

// A proxy window (?user=) keeps acting as that user for its whole life (docs/product/roles-and-access.md#proxy).
captureProxyUser();

void setupI18n().then(() => {
  const router = createBrowserRouter(buildRoutes());
  const denied: DeniedState = { noGoBack: true };
  configureApi({
    notifyError: showError,
    goToDenied: () => void router.navigate('/401', { replace: true, state: denied }),
    language: currentLanguage,
  });

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App router={router} queryClient={createQueryClient()} />
    </StrictMode>,
  );
});
