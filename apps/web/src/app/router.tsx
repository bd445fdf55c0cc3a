import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { PublicOnly, RequireAdmin, RequireAuth, RequireSubscription } from './guards.tsx';
import { RootLayout } from './layout/root-layout.tsx';

// Every screen loads on demand, with a spinner while loading (SPEC.md §2).
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);
const Landing = page(() => import('../features/landing/components/landing-page.tsx'));
const Login = page(() => import('../features/auth/components/login-page.tsx'));
const SignUp = page(() => import('../features/auth/components/signup-page.tsx'));
const ResetPassword = page(() => import('../features/auth/components/reset-password-page.tsx'));
const Subscription = page(() => import('../features/billing/components/subscription-page.tsx'));
const Start = page(() => import('../features/start/components/start-page.tsx'));
const Profile = page(() => import('../features/profile/components/profile-page.tsx'));
const Admin = page(() => import('../features/admin/components/admin-page.tsx'));
const Terms = page(() => import('../features/legal/components/terms-page.tsx'));
const Privacy = page(() => import('../features/legal/components/privacy-page.tsx'));
const Share = page(() => import('../features/pwa/components/share-page.tsx'));
const OpenFile = page(() => import('../features/pwa/components/open-file-page.tsx'));
const Protocol = page(() => import('../features/pwa/components/protocol-page.tsx'));
const NotFound = page(() => import('./routes/not-found.tsx'));
const ComingSoon = lazy(() => import('./routes/coming-soon.tsx'));

function load(Component: LazyExoticComponent<ComponentType>, wrap?: (c: ReactNode) => ReactNode) {
  const el = (
    <Suspense fallback={<FullPageSpinner />}>
      <Component />
    </Suspense>
  );
  return wrap ? wrap(el) : el;
}

const soon = (feature: string, wrap: (c: ReactNode) => ReactNode) =>
  wrap(
    <Suspense fallback={<FullPageSpinner />}>
      <ComingSoon feature={feature} />
    </Suspense>,
  );

const auth = (c: ReactNode) => <RequireAuth>{c}</RequireAuth>;
const gated = (c: ReactNode) => <RequireSubscription>{c}</RequireSubscription>;
const publicOnly = (c: ReactNode) => <PublicOnly>{c}</PublicOnly>;
const admin = (c: ReactNode) => <RequireAdmin>{c}</RequireAdmin>;
const open = (c: ReactNode) => c;

/** The route table of SPEC.md §2. */
export const routes = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: load(Landing) },
      { path: '/login', element: load(Login, publicOnly) },
      { path: '/signup', element: load(SignUp, publicOnly) },
      { path: '/reset-password', element: load(ResetPassword) },
      { path: '/subscription', element: load(Subscription) },
      { path: '/donations', element: soon('donations', open) },
      { path: '/testes-stripe', element: soon('paymentTest', open) },
      { path: '/checkout/success', element: soon('checkoutSuccess', open) },
      { path: '/share', element: load(Share) },
      { path: '/open-file', element: load(OpenFile) },
      { path: '/protocol', element: load(Protocol) },
      { path: '/terms', element: load(Terms) },
      { path: '/privacy', element: load(Privacy) },
      { path: '/about', element: <Navigate to="/" replace /> },
      { path: '/start', element: load(Start, auth) },
      { path: '/home', element: load(Start, gated) },
      { path: '/profile', element: load(Profile, gated) },
      { path: '/chat', element: soon('chat', gated) },
      { path: '/community', element: soon('community', gated) },
      { path: '/bible', element: soon('bible', gated) },
      { path: '/sacred-books', element: soon('sacredBooks', gated) },
      { path: '/consultation', element: soon('consultation', gated) },
      { path: '/consultation/book', element: soon('consultation', gated) },
      { path: '/consultation/room/:sessionId', element: soon('consultation', gated) },
      { path: '/consultation/history', element: soon('consultation', gated) },
      { path: '/referral', element: soon('referral', gated) },
      { path: '/avatar', element: soon('avatar', gated) },
      { path: '/admin', element: load(Admin, admin) },
      { path: '*', element: load(NotFound) },
    ],
  },
];

/** Declarative routing keeps the shell small (no data-router machinery is needed). */
export function AppRoutes() {
  return useRoutes(routes);
}
