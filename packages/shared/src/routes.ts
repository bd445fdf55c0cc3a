/**
 * The web app's addresses, written once. `ROUTES` holds the patterns the web's router matches
 * (react-router syntax: `:param`, `:param?` when optional); `paths` builds the links to them:
 * the web's links and redirects, and the server's mailed links and payment return addresses.
 * A builder encodes what it puts in a path segment or a query value, so a handle, a token or an
 * id is always safe to pass. The API (`/api/…`) is not here.
 */

/** Where a text's screens live: the Bible under /bible, every other sacred book under /sacred-books. */
export type ScriptureArea = 'bible' | 'books';

const scriptureRoutes = <Base extends string>(base: Base) =>
  ({
    root: base,
    search: `${base}/search`,
    favourites: `${base}/favourites`,
    notes: `${base}/notes`,
    text: `${base}/:textId`,
    book: `${base}/:textId/:book`,
    chapter: `${base}/:textId/:book/:chapter`,
  }) as const;

/** The route table of SPEC.md §2: every screen's pattern. */
export const ROUTES = {
  landing: '/',
  login: '/login',
  signup: '/signup',
  /** After a provider's sign-in (decision 032): the sign-up's last questions, or the password that links. */
  socialSignUp: '/signup/social',
  socialLink: '/login/social',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  subscription: '/subscription',
  donations: '/donations',
  paymentTest: '/testes-stripe',
  checkoutSuccess: '/checkout/success',
  share: '/share',
  openFile: '/open-file',
  protocol: '/protocol',
  terms: '/terms',
  privacy: '/privacy',
  about: '/about',
  start: '/start',
  home: '/home',
  profile: '/profile',
  settings: '/settings',
  chat: '/chat/:conversationId?',
  community: '/community',
  communityPost: '/community/post/:id',
  member: '/u/:handle',
  scripture: { bible: scriptureRoutes('/bible'), books: scriptureRoutes('/sacred-books') },
  consultation: '/consultation',
  consultationBook: '/consultation/book',
  consultationRoom: '/consultation/room/:sessionId',
  consultationHistory: '/consultation/history',
  consultationCounsellor: '/consultation/counsellor',
  referral: '/referral',
  avatar: '/avatar',
  /** An avatar session: live while it runs, its transcript after. */
  avatarSession: '/avatar/session/:sessionId',
  admin: '/admin',
  notifications: '/notifications',
  /** "Novidades": what changed in the app. */
  updates: '/updates',
  /** Messages: the list, and a conversation beside it (or alone, on a phone). */
  messages: '/messages/:conversationId?',
} as const;

type QueryValue = string | number | null | undefined;

/** `?a=1&b=2` of the values given, in that order, each encoded; empty ones are left out. */
function query(params: Record<string, QueryValue>): string {
  const parts = Object.entries(params)
    .filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== null && e[1] !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * A pattern with its parameters put in, each encoded as one path segment: an optional one
 * (`:name?`) left out is dropped with its slash.
 */
function fill(pattern: string, params: Record<string, QueryValue>): string {
  return pattern.replace(/\/:(\w+)(\?)?/g, (_, name: string, optional: string | undefined) => {
    const value = params[name];
    if (optional && (value === undefined || value === null || value === '')) return '';
    return `/${encodeURIComponent(String(value ?? ''))}`;
  });
}

const textPath = (area: ScriptureArea, textId: string) => fill(ROUTES.scripture[area].text, { textId });
const bookPath = (area: ScriptureArea, textId: string, book: string) =>
  fill(ROUTES.scripture[area].book, { textId, book });

/** The area of a sacred book's texts: the Bible's own, or the other sacred books'. */
export function scriptureArea(bookKey: string | null | undefined): ScriptureArea {
  return bookKey === 'bible' || bookKey === undefined || bookKey === null ? 'bible' : 'books';
}

/** Links to the web app's screens (paths only: the server puts APP_URL in front). */
export const paths = {
  landing: () => ROUTES.landing,
  /** `next`: the in-app path to open once signed in; `expired`: the session ran out. */
  login: ({ next, expired, socialError }: { next?: string | null; expired?: boolean; socialError?: string } = {}) =>
    `${ROUTES.login}${query({ next, expired: expired ? 1 : undefined, social_error: socialError })}`,
  /** `next`: as for login; `ref`: a referral code. */
  signup: ({ next, ref }: { next?: string | null; ref?: string | null } = {}) =>
    `${ROUTES.signup}${query({ next, ref })}`,
  socialSignUp: () => ROUTES.socialSignUp,
  socialLink: () => ROUTES.socialLink,
  /** The form asking for a link without a token; the mailed link with it. */
  resetPassword: (token?: string) => `${ROUTES.resetPassword}${query({ token })}`,
  verifyEmail: (token?: string) => `${ROUTES.verifyEmail}${query({ token })}`,
  /** `expired`: the plan ran out (the gate sent the member here); `checkout`: back from a checkout left. */
  subscription: ({
    plan,
    expired,
    checkout,
  }: { plan?: string | null; expired?: boolean; checkout?: 'canceled' } = {}) =>
    `${ROUTES.subscription}${query({ plan, expired: expired ? 'true' : undefined, checkout })}`,
  /** The subscription page at its list of plans. */
  subscriptionPlans: () => `${ROUTES.subscription}#plans`,
  donations: ({ checkout }: { checkout?: 'canceled' } = {}) => `${ROUTES.donations}${query({ checkout })}`,
  /** The built-in provider's payment page, for one checkout. */
  paymentTest: (session?: string) => `${ROUTES.paymentTest}${query({ session })}`,
  /** `session` in our own links, `session_id` in a provider's success address. */
  checkoutSuccess: (params: { session: string } | { session_id: string }) =>
    `${ROUTES.checkoutSuccess}${query(params)}`,
  share: () => ROUTES.share,
  openFile: () => ROUTES.openFile,
  protocol: () => ROUTES.protocol,
  terms: () => ROUTES.terms,
  privacy: () => ROUTES.privacy,
  start: () => ROUTES.start,
  home: () => ROUTES.home,
  profile: () => ROUTES.profile,
  /** Settings: language, account, sessions on other devices, privacy (export, deletion). */
  settings: ({ socialLinked, socialError }: { socialLinked?: string; socialError?: string } = {}) =>
    `${ROUTES.settings}${query({ social_linked: socialLinked, social_error: socialError })}`,
  /** The chat, at one conversation when given. */
  chat: (conversationId?: string | null) => fill(ROUTES.chat, { conversationId }),
  community: () => ROUTES.community,
  communityPost: (id: string) => fill(ROUTES.communityPost, { id }),
  /** A member's page, by handle. */
  member: (handle: string) => fill(ROUTES.member, { handle }),
  /** The Bible's or the sacred books' first screen. */
  scripture: (area: ScriptureArea) => ROUTES.scripture[area].root,
  /** Search in an area, with the query and the text to search when given. */
  scriptureSearch: (area: ScriptureArea, params: { q?: string; textId?: string } = {}) => {
    const qs = new URLSearchParams();
    if (params.q) qs.set('q', params.q);
    if (params.textId) qs.set('textId', params.textId);
    const s = qs.toString();
    return `${ROUTES.scripture[area].search}${s ? `?${s}` : ''}`;
  },
  favourites: (area: ScriptureArea) => ROUTES.scripture[area].favourites,
  notes: (area: ScriptureArea) => ROUTES.scripture[area].notes,
  /** A text's contents (its books, or its chapters for a text of one book). */
  text: textPath,
  /** A book's chapters. */
  book: bookPath,
  /** The reader at a chapter, optionally at a verse or a range (#v16, #v16-18). */
  chapter: (
    area: ScriptureArea,
    textId: string,
    book: string,
    chapter: number,
    verse?: number | null,
    verseEnd?: number | null,
  ) => {
    const base = fill(ROUTES.scripture[area].chapter, { textId, book, chapter });
    if (!verse) return base;
    return verseEnd && verseEnd !== verse ? `${base}#v${verse}-${verseEnd}` : `${base}#v${verse}`;
  },
  /** The consultations screen; `booked`: a booking just made or moved (shown with a message there). */
  consultation: ({ booked }: { booked?: string | null } = {}) =>
    `${ROUTES.consultation}${query({ booked })}${booked ? `#booking-${encodeURIComponent(booked)}` : ''}`,
  /** Booking: with a counsellor when given; `reschedule`: the member's booking being moved. */
  consultationBook: ({ counsellor, reschedule }: { counsellor?: string | null; reschedule?: string | null } = {}) =>
    `${ROUTES.consultationBook}${query({ counsellor, reschedule })}`,
  consultationRoom: (sessionId: string) => fill(ROUTES.consultationRoom, { sessionId }),
  consultationHistory: () => ROUTES.consultationHistory,
  /** A counsellor's own screen: profile, availability and sessions. */
  consultationCounsellor: () => ROUTES.consultationCounsellor,
  referral: () => ROUTES.referral,
  avatar: () => ROUTES.avatar,
  avatarSession: (sessionId: string) => fill(ROUTES.avatarSession, { sessionId }),
  admin: () => ROUTES.admin,
  notifications: () => ROUTES.notifications,
  updates: () => ROUTES.updates,
  /** The messages, at one conversation when given. */
  messages: (conversationId?: string | null) => fill(ROUTES.messages, { conversationId }),
} as const;
