import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, useRoutes } from 'react-router';
import { paths, ROUTES } from '@candeia/shared/routes';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { PublicOnly, RequireAdmin, RequireAuth, RequireSubscription } from './guards.tsx';
import { EmailNoticeSlot } from './layout/email-notice-slot.tsx';
import { RootLayout } from './layout/root-layout.tsx';

// Every screen loads on demand, with a spinner while loading (SPEC.md §2). `preload` starts the
// screen's import (the browser fetches a module once, whoever asks).
type Page = LazyExoticComponent<ComponentType> & { preload: () => void };
const page = (load: () => Promise<{ default: ComponentType }>): Page =>
  Object.assign(lazy(load), { preload: () => void load() });
const Landing = page(() => import('../features/landing/components/landing-page.tsx'));
const Login = page(() => import('../features/auth/components/login-page.tsx'));
const SignUp = page(() => import('../features/auth/components/signup-page.tsx'));
const SocialSignUp = page(() => import('../features/auth/components/social-signup-page.tsx'));
const SocialLink = page(() => import('../features/auth/components/social-link-page.tsx'));
const ResetPassword = page(() => import('../features/auth/components/reset-password-page.tsx'));
const VerifyEmail = page(() => import('../features/auth/components/verify-email-page.tsx'));
const Subscription = page(() => import('../features/billing/components/subscription-page.tsx'));
const Donations = page(() => import('../features/billing/components/donations-page.tsx'));
const PaymentTest = page(() => import('../features/billing/components/payment-test-page.tsx'));
const CheckoutSuccess = page(() => import('../features/billing/components/checkout-success-page.tsx'));
const Consultation = page(() => import('../features/consultation/components/consultation-page.tsx'));
const ConsultationBook = page(() => import('../features/consultation/components/book-page.tsx'));
const ConsultationHistory = page(() => import('../features/consultation/components/history-page.tsx'));
const ConsultationCounsellor = page(() => import('../features/consultation/components/counsellor-page.tsx'));
const ConsultationRoom = page(() => import('../features/consultation-room/room-page.tsx'));
const Avatar = page(() => import('../features/avatar/components/avatar-page.tsx'));
const AvatarSession = page(() => import('../features/avatar/components/session-page.tsx'));
const Referral = page(() => import('../features/billing/components/referral-page.tsx'));
const Start = page(() => import('../features/start/components/start-page.tsx'));
const Chat = page(() => import('../features/chat/components/chat-page.tsx'));
const Community = page(() => import('../features/community/components/community-page.tsx'));
const CommunityPost = page(() => import('../features/community/components/post-page.tsx'));
const Member = page(() => import('../features/community/components/member-page.tsx'));
const BibleEntry = page(() => import('../features/scripture/components/bible-entry-page.tsx'));
const SacredBooks = page(() => import('../features/scripture/components/sacred-books-page.tsx'));
const TextContents = page(() => import('../features/scripture/components/text-contents-page.tsx'));
const BookChapters = page(() => import('../features/scripture/components/book-chapters-page.tsx'));
const Reader = page(() => import('../features/scripture/components/reader-page.tsx'));
const ScriptureSearch = page(() => import('../features/scripture/components/search-page.tsx'));
const Favourites = page(() => import('../features/scripture/components/favourites-page.tsx'));
const Notes = page(() => import('../features/scripture/components/notes-page.tsx'));
const Profile = page(() => import('./routes/profile.tsx'));
const Settings = page(() => import('./routes/settings.tsx'));
const Admin = page(() => import('../features/admin/components/admin-page.tsx'));
const Terms = page(() => import('../features/legal/components/terms-page.tsx'));
const Privacy = page(() => import('../features/legal/components/privacy-page.tsx'));
const Share = page(() => import('../features/pwa/components/share-page.tsx'));
const OpenFile = page(() => import('../features/pwa/components/open-file-page.tsx'));
const Protocol = page(() => import('../features/pwa/components/protocol-page.tsx'));
const Notifications = page(() => import('../features/notifications/components/notifications-page.tsx'));
const Updates = page(() => import('../features/updates/components/updates-page.tsx'));
const Messages = page(() => import('../features/messages/components/messages-page.tsx'));
const NotFound = page(() => import('./routes/not-found.tsx'));

/**
 * Each route's own loading boundary, with a key of its own: going from one route to another
 * mounts a new boundary, which shows the spinner while the next screen loads. (Route changes
 * are transitions: a boundary kept from the previous route would keep the old screen on view,
 * with no sign, until the new one is ready.) The same route with other parameters (the next
 * chapter, another conversation) keeps its boundary and its screen.
 */
let routeKeys = 0;

/** Starts the screen's import as its boundary renders, before anything above it in the boundary may suspend. */
function Preload({ page }: { page: Page }) {
  page.preload();
  return null;
}

function load(Component: Page, wrap?: (c: ReactNode) => ReactNode) {
  // The e-mail bar suspends the boundary while its code loads; React renders the siblings after a
  // suspended one only later, so the screen's own import is started first, by Preload.
  const el = (
    <Suspense key={`route-${++routeKeys}`} fallback={<FullPageSpinner />}>
      <Preload page={Component} />
      <EmailNoticeSlot />
      <Component />
    </Suspense>
  );
  return wrap ? wrap(el) : el;
}

const auth = (c: ReactNode) => <RequireAuth>{c}</RequireAuth>;
const gated = (c: ReactNode) => <RequireSubscription>{c}</RequireSubscription>;
const publicOnly = (c: ReactNode) => <PublicOnly>{c}</PublicOnly>;
const admin = (c: ReactNode) => <RequireAdmin>{c}</RequireAdmin>;

/** The route table of SPEC.md §2 (its patterns and the links to them: @candeia/shared/routes). */
export const routes = [
  {
    element: <RootLayout />,
    children: [
      { path: ROUTES.landing, element: load(Landing) },
      { path: ROUTES.login, element: load(Login, publicOnly) },
      { path: ROUTES.signup, element: load(SignUp, publicOnly) },
      // The step after a provider's round trip (decision 032).
      { path: ROUTES.socialSignUp, element: load(SocialSignUp, publicOnly) },
      { path: ROUTES.socialLink, element: load(SocialLink, publicOnly) },
      { path: ROUTES.resetPassword, element: load(ResetPassword) },
      // The mailed link: signed in or not, on any device (the token is the proof).
      { path: ROUTES.verifyEmail, element: load(VerifyEmail) },
      { path: ROUTES.subscription, element: load(Subscription) },
      { path: ROUTES.donations, element: load(Donations) },
      { path: ROUTES.paymentTest, element: load(PaymentTest) },
      { path: ROUTES.checkoutSuccess, element: load(CheckoutSuccess) },
      { path: ROUTES.share, element: load(Share) },
      { path: ROUTES.openFile, element: load(OpenFile) },
      { path: ROUTES.protocol, element: load(Protocol) },
      { path: ROUTES.terms, element: load(Terms) },
      { path: ROUTES.privacy, element: load(Privacy) },
      { path: ROUTES.about, element: <Navigate to={paths.landing()} replace /> },
      { path: ROUTES.start, element: load(Start, auth) },
      { path: ROUTES.home, element: load(Start, gated) },
      { path: ROUTES.profile, element: load(Profile, gated) },
      { path: ROUTES.notifications, element: load(Notifications, auth) },
      // One route for both, so the list stays mounted from one conversation to the next. Whatever
      // the plan: a member keeps talking with their counsellor.
      { path: ROUTES.messages, element: load(Messages, auth) },
      { path: ROUTES.settings, element: load(Settings, gated) },
      // One route for both, so the screen stays mounted when a new conversation gets its address.
      { path: ROUTES.chat, element: load(Chat, gated) },
      { path: ROUTES.community, element: load(Community, gated) },
      // A shared post's link: read by anyone; reacting and commenting need a session.
      { path: ROUTES.communityPost, element: load(CommunityPost) },
      { path: ROUTES.member, element: load(Member, gated) },
      { path: ROUTES.scripture.bible.root, element: load(BibleEntry, gated) },
      { path: ROUTES.scripture.bible.search, element: load(ScriptureSearch, gated) },
      { path: ROUTES.scripture.bible.favourites, element: load(Favourites, gated) },
      { path: ROUTES.scripture.bible.notes, element: load(Notes, gated) },
      { path: ROUTES.scripture.bible.text, element: load(TextContents, gated) },
      { path: ROUTES.scripture.bible.book, element: load(BookChapters, gated) },
      { path: ROUTES.scripture.bible.chapter, element: load(Reader, gated) },
      { path: ROUTES.scripture.books.root, element: load(SacredBooks, gated) },
      { path: ROUTES.scripture.books.search, element: load(ScriptureSearch, gated) },
      { path: ROUTES.scripture.books.favourites, element: load(Favourites, gated) },
      { path: ROUTES.scripture.books.notes, element: load(Notes, gated) },
      { path: ROUTES.scripture.books.text, element: load(TextContents, gated) },
      { path: ROUTES.scripture.books.book, element: load(BookChapters, gated) },
      { path: ROUTES.scripture.books.chapter, element: load(Reader, gated) },
      { path: ROUTES.consultation, element: load(Consultation, gated) },
      { path: ROUTES.consultationBook, element: load(ConsultationBook, gated) },
      { path: ROUTES.consultationRoom, element: load(ConsultationRoom, auth) },
      { path: ROUTES.consultationHistory, element: load(ConsultationHistory, gated) },
      // A counsellor's own screen, whatever their plan (the server says who is one).
      { path: ROUTES.consultationCounsellor, element: load(ConsultationCounsellor, auth) },
      { path: ROUTES.referral, element: load(Referral, gated) },
      { path: ROUTES.avatar, element: load(Avatar, gated) },
      // A session's transcript stays readable whatever the plan becomes; a live one checks the plan on the server.
      { path: ROUTES.avatarSession, element: load(AvatarSession, auth) },
      { path: ROUTES.admin, element: load(Admin, admin) },
      // What changed: for anyone, signed in or not (the update dialog leads here).
      { path: ROUTES.updates, element: load(Updates) },
      { path: '*', element: load(NotFound) },
    ],
  },
];

/** Declarative routing keeps the shell small (no data-router machinery is needed). */
export function AppRoutes() {
  return useRoutes(routes);
}
