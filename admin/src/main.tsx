import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { ApiError } from './api';
import { AcceptInvite } from './pages/AcceptInvite';
import { ForgotPassword } from './pages/ForgotPassword';
import { Login } from './pages/Login';
import { NotFound } from './pages/NotFound';
import { ResetPassword } from './pages/ResetPassword';
import { resumeSession } from './session';
import './styles.css';

// The content pages load on first use, so the sign-in page's JavaScript stays small.
const ContentLayout = lazy(() => import('./content/ContentLayout'));
const CollectionIndex = lazy(() => import('./content/CollectionIndex'));
const ItemsPage = lazy(() => import('./content/ItemsPage'));
const ItemPage = lazy(() => import('./content/ItemPage'));

const queryClient = new QueryClient({
  defaultOptions: {
    // A refusal of the API will not change by asking again; only a network failure is retried.
    queries: { retry: (count, error) => error instanceof ApiError && error.status === 0 && count < 2 },
  },
});

function App() {
  return (
    <Suspense fallback={<p role="status">Loading…</p>}>
      <Routes>
        <Route path="/" element={<Navigate to="/content" replace />} />
        <Route path="/login" element={<Login />} />
        <Route path="/forgot-password" element={<ForgotPassword />} />
        <Route path="/reset-password" element={<ResetPassword />} />
        <Route path="/accept-invite" element={<AcceptInvite />} />
        <Route path="/content" element={<ContentLayout />}>
          <Route index element={<CollectionIndex />} />
          <Route path=":collection" element={<ItemsPage />} />
          <Route path=":collection/:id" element={<ItemPage />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

resumeSession();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/admin">
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
