/**
 * The providers around the router: react-query and the session. Ant Design is not among
 * them: the shell and the pages that use it bring their own AntdProvider, so the sign-in
 * page's first load carries no antd (docs/product/design.md#budgets).
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { SessionProvider } from './session';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </QueryClientProvider>
  );
}
