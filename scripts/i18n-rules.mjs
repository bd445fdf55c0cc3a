// The rules of the catalogue check (scripts/check-i18n.mjs), as pure functions so they can be
// tested on small catalogues (packages/shared/test/i18n-rules.test.ts).

/** Plural suffixes i18next picks by count; `_zero` is chosen for 0 before the language's rule. */
export const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'];

/** A flat catalogue (Map of dotted key → text) → the keys of its counted texts, without suffix. */
export function countedKeys(flat) {
  const bases = new Set();
  for (const key of flat.keys()) {
    const m = /^(.*)_(one|other|many)$/.exec(key);
    if (m) bases.add(m[1]);
  }
  return bases;
}

/**
 * Portuguese reads 0 with the singular form ("0 favorito"): every counted text needs its own
 * `_zero` form ("Nenhum favorito"). Checked on pt-BR; the key check makes the other two follow.
 */
export function missingZeroForms(flat) {
  return [...countedKeys(flat)].filter((base) => !flat.has(`${base}_zero`)).map((base) => `${base}_zero`);
}

/**
 * Numbers shown to people go through the number formatter, so pt-BR and es-ES read 1.234 and
 * en-US 1,234: a bare `{{count}}` is flagged (`{{count, number}}`, or a value the code has
 * already formatted, such as `{{formatted}}`).
 */
export function unformattedCounts(text) {
  return typeof text === 'string' && /\{\{\s*count\s*\}\}/.test(text);
}

/**
 * English words that are not also Portuguese or Spanish words. A text in pt-BR or es-ES that
 * uses one reads as a half-translated screen. Words both languages have taken in (chat, online,
 * link, app, e-mail in Portuguese, post, login, admin) are not listed.
 */
export const ENGLISH_WORDS = {
  common: [
    'the',
    'and',
    'you',
    'your',
    'with',
    'from',
    'this',
    'that',
    'what',
    'please',
    'thanks',
    'checkout',
    'checkouts',
    'trial',
    'free',
    'feed',
    'password',
    'logout',
    'signup',
    'sign',
    'settings',
    'dashboard',
    'upload',
    'download',
    'click',
    'loading',
    'update',
    'weekly',
    'monthly',
    'referral',
    'counselor',
    'counsellor',
    'streaming',
    'inbox',
    'outbox',
    'booking',
    'live',
  ],
  'pt-BR': ['email', 'error', 'success', 'failed'],
  'es-ES': ['email', 'login', 'post', 'posts', 'success', 'failed'],
};

/**
 * Texts where an English word is right: what SPEC.md gives word for word, and names (the
 * licence lines name books and translators in their own language).
 */
export const ENGLISH_ALLOWED_KEYS = [
  /^pt-BR\/billing:trial\.expires_/, // 'Seu trial expira em N dias!'
  /^pt-BR\/errors:AUTH_INVALID_(CREDENTIALS|EMAIL)$/, // 'Email ou senha incorretos…', 'Formato de email inválido…'
  /^pt-BR\/(billing:donate\.checkoutErrorTitle|errors:CHECKOUT_FAILED)$/, // 'Erro no Checkout'
  /^[\w-]+\/scripture:licence\.texts\.[\w-]+\.attribution$/,
  /^[\w-]+\/admin:billing\.plans\.slugHint$/, // the plans' slugs, as typed
];

/** The English words in one pt-BR or es-ES text, leaving out placeholders, markup and addresses. */
export function englishWordsIn(locale, text) {
  if (typeof text !== 'string' || !ENGLISH_WORDS[locale]) return [];
  const listed = new Set([...ENGLISH_WORDS.common, ...ENGLISH_WORDS[locale]]);
  const plain = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\b(https?:\/\/|www\.)\S+/g, ' ')
    .replace(/\S+@\S+/g, ' ')
    .replace(/\b[\w-]+\.(com|org|net|br|es|io)\b/g, ' ');
  // Hyphenated words ("e-mail", "bem-vindo") are one word, not two.
  const words = plain.match(/[\p{L}]+(?:-[\p{L}]+)*/gu) ?? [];
  return [...new Set(words.filter((w) => listed.has(w.toLowerCase())))];
}

export function englishAllowed(locale, ns, key) {
  return ENGLISH_ALLOWED_KEYS.some((re) => re.test(`${locale}/${ns}:${key}`));
}

/** British spellings and long forms that make an en-US text read as written elsewhere. */
export const NOT_AMERICAN = [
  [/\bcounsell(or|ors|ing)\b/i, 'counselor, counseling'],
  [/\bcatalogues?\b/i, 'catalog'],
  [/\bfavourites?\b/i, 'favorite'],
  [/\bcancell(ed|ing)\b/i, 'canceled, canceling'],
  [/\bexpiry\b/i, 'expiration'],
  [/\bpost ?code\b/i, 'ZIP code'],
  [/\be-mails?\b/i, 'email'],
  [/\blicence\b/i, 'license'],
  [/\bcolour|behaviour|honour|centre\b/i, 'American spelling'],
  [/\bPsalm \d/, 'Psalms, as the reader names the book'],
  [/\b(do|does|did|is|are|was|were|could|would|should|has|have) not\b|\bcannot\b|\bwill not\b/i, 'a contraction'],
];

/** English texts SPEC.md gives word for word: kept as they are. */
export const SPEC_ENGLISH = ['Your browser does not support native sharing', 'Could not create your post'];

/** What reads as British or stiff in one en-US text. */
export function notAmericanIn(text) {
  if (typeof text !== 'string') return [];
  text = SPEC_ENGLISH.reduce((t, spec) => t.replaceAll(spec, ' '), text);
  return NOT_AMERICAN.filter(([re]) => re.test(text)).map(([re, want]) => `${re.exec(text)[0]} (${want})`);
}
