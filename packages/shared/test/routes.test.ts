import { describe, expect, it } from 'vitest';
import { paths, ROUTES, scriptureArea } from '../src/routes.ts';

/** Every pattern of the route table, the scripture areas' included. */
function patterns(): string[] {
  const { scripture, ...rest } = ROUTES;
  return [...Object.values(rest), ...Object.values(scripture).flatMap((area) => Object.values(area))];
}

/**
 * The parameters of `pattern` in `path` (decoded), or null when it does not match: `:name`
 * is one segment, `:name?` may be left out. The query and the hash are not part of the match.
 */
function match(pattern: string, path: string): Record<string, string> | null {
  const pathname = path.split(/[?#]/)[0]!;
  const names: string[] = [];
  const source = pattern.replace(/\/:(\w+)(\?)?|[.*+^${}()|[\]\\]/g, (m, name: string | undefined, optional) => {
    if (!name) return `\\${m}`;
    names.push(name);
    return optional ? '(?:/([^/]+))?' : '/([^/]+)';
  });
  const m = new RegExp(`^${source}$`).exec(pathname);
  if (!m) return null;
  return Object.fromEntries(
    names.flatMap((n, i) => (m[i + 1] === undefined ? [] : [[n, decodeURIComponent(m[i + 1]!)]])),
  );
}

describe('route patterns', () => {
  it('are unique, start with a slash and are what the router expects', () => {
    const all = patterns();
    expect(new Set(all).size).toBe(all.length);
    for (const p of all) expect(p).toMatch(/^\/([\w-]+|:\w+\??)?(\/([\w-]+|:\w+\??))*$/);
    expect(ROUTES.communityPost).toBe('/community/post/:id');
    expect(ROUTES.member).toBe('/u/:handle');
    expect(ROUTES.chat).toBe('/chat/:conversationId?');
    expect(ROUTES.scripture.bible.chapter).toBe('/bible/:textId/:book/:chapter');
    expect(ROUTES.scripture.books.search).toBe('/sacred-books/search');
  });
});

describe('path builders', () => {
  it('build the same addresses as before, with no parameters', () => {
    expect(paths.landing()).toBe('/');
    expect(paths.login()).toBe('/login');
    expect(paths.signup()).toBe('/signup');
    expect(paths.resetPassword()).toBe('/reset-password');
    expect(paths.start()).toBe('/start');
    expect(paths.chat()).toBe('/chat');
    expect(paths.chat(null)).toBe('/chat');
    expect(paths.community()).toBe('/community');
    expect(paths.subscription()).toBe('/subscription');
    expect(paths.subscriptionPlans()).toBe('/subscription#plans');
    expect(paths.scripture('bible')).toBe('/bible');
    expect(paths.scripture('books')).toBe('/sacred-books');
    expect(paths.favourites('books')).toBe('/sacred-books/favourites');
    expect(paths.notes('bible')).toBe('/bible/notes');
  });

  it('encode handles, ids and tokens as one path segment or query value', () => {
    expect(paths.member('maria.silva')).toBe('/u/maria.silva');
    expect(paths.member('a b/ç?#')).toBe('/u/a%20b%2F%C3%A7%3F%23');
    expect(paths.communityPost('0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b')).toBe(
      '/community/post/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    );
    expect(paths.communityPost('x/../y')).toBe('/community/post/x%2F..%2Fy');
    expect(paths.chat('c1')).toBe('/chat/c1');
    // Tokens are base64url (left as they are); anything else is encoded and reads back the same.
    expect(paths.resetPassword('AbC-_09')).toBe('/reset-password?token=AbC-_09');
    expect(paths.verifyEmail('AbC-_09')).toBe('/verify-email?token=AbC-_09');
    const odd = 'a+b/c=d&e f';
    expect(paths.resetPassword(odd)).toBe('/reset-password?token=a%2Bb%2Fc%3Dd%26e%20f');
    expect(new URL(paths.verifyEmail(odd), 'https://x.invalid').searchParams.get('token')).toBe(odd);
  });

  it('write the query values each screen reads', () => {
    expect(paths.login({ expired: true })).toBe('/login?expired=1');
    expect(paths.login({ next: '/chat/c1?x=1' })).toBe('/login?next=%2Fchat%2Fc1%3Fx%3D1');
    expect(paths.login({ next: null })).toBe('/login');
    expect(paths.login({ next: '' })).toBe('/login');
    expect(paths.signup({ next: '/bible' })).toBe('/signup?next=%2Fbible');
    expect(paths.signup({ ref: 'REF-ABCD1234' })).toBe('/signup?ref=REF-ABCD1234');
    expect(paths.subscription({ expired: true })).toBe('/subscription?expired=true');
    expect(paths.subscription({ checkout: 'canceled' })).toBe('/subscription?checkout=canceled');
    expect(paths.subscription({ plan: 'plus anual' })).toBe('/subscription?plan=plus%20anual');
    expect(paths.donations({ checkout: 'canceled' })).toBe('/donations?checkout=canceled');
    expect(paths.paymentTest('chk_A-b')).toBe('/testes-stripe?session=chk_A-b');
    expect(paths.checkoutSuccess({ session: 'chk_1' })).toBe('/checkout/success?session=chk_1');
    expect(paths.checkoutSuccess({ session_id: 'chk_1' })).toBe('/checkout/success?session_id=chk_1');
  });

  it('put the scripture screens under the area of the book', () => {
    expect(scriptureArea('bible')).toBe('bible');
    expect(scriptureArea(undefined)).toBe('bible');
    expect(scriptureArea(null)).toBe('bible');
    expect(scriptureArea('quran')).toBe('books');
    expect(paths.text('bible', 'kjv')).toBe('/bible/kjv');
    expect(paths.book('books', 'quran-pickthall', 'main')).toBe('/sacred-books/quran-pickthall/main');
    expect(paths.chapter('bible', 'kjv', '1Cor', 13)).toBe('/bible/kjv/1Cor/13');
    expect(paths.chapter('bible', 'kjv', 'John', 3, 16)).toBe('/bible/kjv/John/3#v16');
    expect(paths.chapter('bible', 'kjv', 'John', 3, 16, 18)).toBe('/bible/kjv/John/3#v16-18');
    expect(paths.chapter('bible', 'kjv', 'John', 3, 16, 16)).toBe('/bible/kjv/John/3#v16');
    expect(paths.chapter('bible', 'kjv', 'John', 3, null, 18)).toBe('/bible/kjv/John/3');
    expect(paths.scriptureSearch('bible')).toBe('/bible/search');
    expect(paths.scriptureSearch('books', { q: 'amor ao próximo', textId: 'kjv' })).toBe(
      '/sacred-books/search?q=amor+ao+pr%C3%B3ximo&textId=kjv',
    );
  });

  it('build paths that their own pattern matches, with the parameters read back', () => {
    const cases: [string, string, Record<string, string>][] = [
      [ROUTES.member, paths.member('jo.ão_1'), { handle: 'jo.ão_1' }],
      [ROUTES.member, paths.member('a/b'), { handle: 'a/b' }],
      [ROUTES.communityPost, paths.communityPost('p/1'), { id: 'p/1' }],
      [ROUTES.chat, paths.chat(), {}],
      [ROUTES.chat, paths.chat('c 1'), { conversationId: 'c 1' }],
      [ROUTES.resetPassword, paths.resetPassword('t'), {}],
      [ROUTES.verifyEmail, paths.verifyEmail('t'), {}],
      [ROUTES.login, paths.login({ next: '/u/x' }), {}],
      [ROUTES.signup, paths.signup({ ref: 'REF-ABCD1234' }), {}],
      [ROUTES.subscription, paths.subscriptionPlans(), {}],
      [ROUTES.checkoutSuccess, paths.checkoutSuccess({ session: 's' }), {}],
      [ROUTES.paymentTest, paths.paymentTest('s'), {}],
      [ROUTES.donations, paths.donations({ checkout: 'canceled' }), {}],
      [ROUTES.scripture.books.text, paths.text('books', 'tao/te'), { textId: 'tao/te' }],
      [ROUTES.scripture.bible.book, paths.book('bible', 'kjv', '1Cor'), { textId: 'kjv', book: '1Cor' }],
      [
        ROUTES.scripture.bible.chapter,
        paths.chapter('bible', 'kjv', 'Ps', 23, 1, 2),
        { textId: 'kjv', book: 'Ps', chapter: '23' },
      ],
      [ROUTES.scripture.books.search, paths.scriptureSearch('books', { q: 'luz' }), {}],
    ];
    for (const [pattern, path, params] of cases) expect(match(pattern, path), `${pattern} ← ${path}`).toEqual(params);
  });

  it('build only paths the route table has', () => {
    const built = [
      paths.landing(),
      paths.login(),
      paths.signup(),
      paths.resetPassword(),
      paths.verifyEmail(),
      paths.subscription(),
      paths.donations(),
      paths.paymentTest(),
      paths.checkoutSuccess({ session: 's' }),
      paths.share(),
      paths.openFile(),
      paths.protocol(),
      paths.terms(),
      paths.privacy(),
      paths.start(),
      paths.home(),
      paths.profile(),
      paths.chat('c'),
      paths.community(),
      paths.communityPost('p'),
      paths.member('h'),
      paths.consultation(),
      paths.consultation({ booked: 'b' }),
      paths.consultationBook({ counsellor: 'c', reschedule: 'b' }),
      paths.consultationRoom('s'),
      paths.consultationHistory(),
      paths.consultationCounsellor(),
      paths.referral(),
      paths.admin(),
      ...(['bible', 'books'] as const).flatMap((area) => [
        paths.scripture(area),
        paths.scriptureSearch(area),
        paths.favourites(area),
        paths.notes(area),
        paths.text(area, 't'),
        paths.book(area, 't', 'b'),
        paths.chapter(area, 't', 'b', 1, 2),
      ]),
    ];
    const all = patterns();
    for (const path of built)
      expect(
        all.some((p) => match(p, path)),
        path,
      ).toBe(true);
  });
});
