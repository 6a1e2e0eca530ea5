// The sign-in page's own entry (login.html, served at /login): the page, its texts and its
// three calls, without the console's router, query client, antd or zod, so that the first
// load stays small (docs/PERFORMANCE.md, "/login first load"). main.tsx is the console's.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SignInApp } from './features/auth/SignInApp';
import { setupSignInTexts } from './features/auth/texts';
import { captureProxyUser } from './lib/session';
import './styles.css';

// A proxy window (?user=) keeps acting as that user for its whole life (docs/product/roles-and-access.md#proxy).
captureProxyUser();

/** A full navigation: the console then starts with the tokens the sign-in stored. */
const leave = (path: string) => window.location.replace(path);

void setupSignInTexts().then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from login.html');
  createRoot(root).render(
    <StrictMode>
      <SignInApp search={window.location.search} leave={leave} />
    </StrictMode>,
  );
});
