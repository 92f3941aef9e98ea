import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import { createTheme, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Navigate, Outlet, RouterProvider } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api';
import './i18n';
import { SignIn } from './pages/SignIn';
import './styles.css';

// Split so the sign-in page loads only what it needs.
const Content = lazy(() => import('./pages/Content'));
const SetPassword = lazy(() => import('./pages/SetPassword'));

// Follows the system's light or dark preference until the user picks one, which Mantine keeps in localStorage.
// The darkest shade keeps white text on filled buttons above WCAG AA contrast in both themes.
const theme = createTheme({
  primaryColor: 'blue',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  defaultRadius: 'sm',
  primaryShade: 9,
});

const queryClient = new QueryClient({
  defaultOptions: {
    // A client error (401, 403, 400) will not change on retry; a network failure or a 5xx may.
    queries: {
      retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
    },
  },
});

function Loading() {
  const { t } = useTranslation();
  return <p role="status">{t('loading')}</p>;
}

const router = createBrowserRouter(
  [
    {
      element: (
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      ),
      children: [
        { path: '/signin', element: <SignIn /> },
        { path: '/reset-password', element: <SetPassword kind="reset" /> },
        { path: '/accept-invite', element: <SetPassword kind="invite" /> },
        { path: '/content/*', element: <Content /> },
        { path: '/files/*', element: <Content section="files" /> },
        { path: '/users/*', element: <Content section="users" /> },
        { path: '/roles/*', element: <Content section="roles" /> },
        { path: '/policies/*', element: <Content section="policies" /> },
        { path: '/activity', element: <Content section="activity" /> },
        { path: '/settings', element: <Content section="settings" /> },
        { path: '/data-model/*', element: <Content section="data-model" /> },
        { path: '/schema', element: <Content section="schema" /> },
        { path: '/profile', element: <Content section="profile" /> },
        { path: '*', element: <Navigate to="/content" replace /> },
      ],
    },
  ],
  { basename: '/admin' },
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
