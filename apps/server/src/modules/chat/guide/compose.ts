import type { Locale } from '@candeia/shared/constants';
import { resources, translate } from '@candeia/shared/i18n/server';
import type { ChatLanguage, ChatTheme } from '@candeia/shared/schemas/chat';
import { countTokens, type GuideChoices, type Passage, type Persona } from '../engine.ts';
import { quotable } from '../never-quote.ts';
import { CRISIS_LINES, HOME_COUNTRY, crisisCountry, telLink } from './crisis-lines.ts';
import type { SituationFound } from './situations.ts';

/**
 * The built-in guide's writing: an answer put together from the phrasing of the `guide` i18n
 * namespace and the retrieved passages. Every part (slot) has several options, chosen at
 * random and never the same as in the previous answer; the choices come back with the text.
 *
 * A conversation's first answer is the full one; a follow-up has one of three shapes, never the
 * same as the previous answer's when another fits:
 *   - full: every part below;
 *   - one: the acknowledgement, one passage to read slowly, and the question;
 *   - prayer: the acknowledgement, a short prayer for the main theme, one passage, the question.
 *
 * The full shape, paragraph by paragraph:
 *   1. opener (sometimes with the first name; in a follow-up, a word that goes on from before) +
 *      acknowledgement of the situation, in the member's words for the person it involves
 *      ("sua mãe"), else of the main theme (+ a sentence naming the second theme);
 *   1b. when the message has words near despair, the helpline in a gentle sentence (never cut);
 *   2. a short reflection on the main theme;
 *   3. a line introducing the quotes, then two or three passages, each a blockquote ending in
 *      `> — <passage.reference>` (plus "(text in English)" when the text's language differs);
 *   4. a small practice, "**<lead>** <practice>" (none when nothing in the message was understood:
 *      no theme and no passage);
 *   5. a gentle question: the last line, ending in "?".
 */

export const GUIDE_LOCALE: Record<ChatLanguage, Locale> = { pt: 'pt-BR', en: 'en-US', es: 'es-ES' };

export interface ComposeInput {
  language: ChatLanguage;
  firstName: string;
  message: string;
  themes: ChatTheme[];
  passages: Passage[];
  /** Words near despair (detect.ts `detectConcern`): a paragraph with the helpline, never dropped to fit. */
  concern?: boolean;
  /** What is happening in the member's life (situations.ts), most specific first. */
  situations?: SituationFound[];
  /** The conversation already has an answer: the opener goes on from it. */
  followUp?: boolean;
  /** Forces a shape (tests); otherwise chosen at random, never the previous answer's when another fits. */
  shape?: Shape;
  maxOutputTokens: number;
  avoid?: GuideChoices | undefined;
  /**
   * An avatar counsellor answering (engine.ts `Persona`): their own openers and practices
   * (`persona.<key>` of the catalogue), their shape for every answer, and a practice of their
   * first focus theme when the message names none.
   */
  persona?: Pick<Persona, 'key' | 'focus' | 'shape'> | undefined;
  random?: () => number;
}

export interface ComposedAnswer {
  text: string;
  choices: GuideChoices;
}

/** The slots recorded in `choices` (`passages` holds the references quoted, in order). */
export type GuideSlot =
  | 'shape'
  | 'opener'
  | 'ack'
  | 'also'
  | 'reflection'
  | 'intro'
  | 'passages'
  | 'practiceLead'
  | 'practice'
  | 'prayerLead'
  | 'prayer'
  | 'question';

export const SHAPES = ['full', 'one', 'prayer'] as const;
export type Shape = (typeof SHAPES)[number];

/** Passages quoted when there are enough, before the token budget is applied. */
const QUOTES = 3;
/** Only the first few retrieved passages (best first) are candidates. */
const POOL = 6;
/** A shortened quote keeps at least this many words. */
const MIN_QUOTE_WORDS = 6;

type Group = ChatTheme | 'generic';

const t = (locale: Locale, key: string, params: Record<string, string | number> = {}) =>
  translate(locale, `guide:${key}`, params);

/** How many options a catalogue array has (the same in every locale: scripts/check-i18n.mjs). */
export function optionCount(key: string): number {
  let node: unknown = resources['pt-BR'].guide;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return 0;
    node = (node as Record<string, unknown>)[part];
  }
  return Array.isArray(node) ? node.length : 0;
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** A random index below n (a `random` that returns 1 stays in range). */
const randomIndex = (n: number, random: () => number) => Math.min(n - 1, Math.floor(random() * n));

/** One of `options`, never `avoid` when there is another. */
function pick<T>(options: readonly T[], avoid: unknown, random: () => number): T {
  const allowed = options.length > 1 ? options.filter((o) => o !== avoid) : options;
  const from = allowed.length ? allowed : options;
  return from[randomIndex(from.length, random)]!;
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1, random);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** The words of `text` at least `min` letters long, lower case and without accents. */
function longWords(text: string, min = 7): Set<string> {
  const plain = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '');
  return new Set((plain.match(/\p{L}+/gu) ?? []).filter((w) => w.length >= min));
}

/** A first name safe to put in markdown, or '' (no name). */
function cleanName(firstName: string): string {
  return firstName
    .replace(/[\\*_`[\]<>#|~]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40)
    .trim();
}

/**
 * Up to QUOTES passages: those the message names first, then a random order of the themed
 * ones, passages not quoted in the previous answer first, and passages in another language only
 * where too few are in the answer's. Never one on the never-quote list or with words of harm.
 */
function selectPassages(passages: Passage[], language: ChatLanguage, avoid: unknown, random: () => number): Passage[] {
  const unique = passages.filter((p, i) => quotable(p) && passages.findIndex((q) => q.reference === p.reference) === i);
  const named = unique.filter((p) => (p.source ?? (p.theme ? 'theme' : 'named')) === 'named').slice(0, QUOTES);
  const themed = unique.filter((p) => (p.source ?? (p.theme ? 'theme' : 'named')) === 'theme');
  const pool = [...named, ...themed].slice(0, POOL);
  if (!pool.length) return [];
  const previous = Array.isArray(avoid) ? avoid.filter((r): r is string => typeof r === 'string') : [];
  const pinned = named.filter((p) => pool.includes(p));
  const rest = shuffle(pool.slice(pinned.length), random);
  const ordered = [
    ...rest.filter((p) => !previous.includes(p.reference)),
    ...rest.filter((p) => previous.includes(p.reference)),
  ];

  // Passages in the answer's language first; one in another language (the English-only sacred
  // books, or an English Bible when none in the language is installed) only to reach two
  // quotes, or three when there is nothing in the answer's language.
  const chosen: Passage[] = [...pinned];
  const later: Passage[] = [];
  for (const p of ordered) {
    if (chosen.length >= QUOTES) break;
    if (p.language !== language) later.push(p);
    else chosen.push(p);
  }
  const target = chosen.some((p) => p.language === language) ? Math.max(2, pinned.length) : QUOTES;
  for (const p of later) if (chosen.length < target) chosen.push(p);

  // The same quotes in the same order as last time: change the order of those not pinned.
  const same = previous.length === chosen.length && chosen.every((p, i) => p.reference === previous[i]);
  const movable = chosen.length - pinned.length;
  if (same && movable > 1) {
    const tail = chosen.slice(pinned.length);
    return [...pinned, ...tail.slice(1), tail[0]!];
  }
  return chosen;
}

interface Quote {
  passage: Passage;
  /** Words kept when shortened. */
  words?: number;
}

interface Parts {
  prayer?: string;
  opener?: string;
  ack?: string;
  also?: string;
  concern?: string;
  reflection?: string;
  intro?: string;
  quotes: Quote[];
  practice?: string;
  question?: string;
}

function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

function renderQuote(locale: Locale, language: ChatLanguage, q: Quote): string {
  const p = q.passage;
  let text = p.text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
    // A verse whose sentence goes on in the next one ("…will also forgive you:") ends in an ellipsis.
    .replace(/\s*[,;:—–-]+$/u, '…');
  if (q.words !== undefined) {
    // Shortened: the first words, on one line, then an ellipsis.
    text = `${wordsOf(text)
      .slice(0, q.words)
      .join(' ')
      .replace(/[\s,;:.!?—–-]+$/u, '')}…`;
  }
  const lines = t(locale, 'quote', { text })
    .split('\n')
    .map((l) => `> ${l}`);
  const note =
    p.language !== language
      ? ` ${t(locale, 'foreignNote', { language: t(locale, `languageNames.${p.language}`) })}`
      : '';
  return [...lines, '>', `> — ${p.reference}${note}`].join('\n');
}

function render(locale: Locale, language: ChatLanguage, parts: Parts): string {
  const paragraphs: string[] = [];
  const head = [parts.opener, parts.ack, parts.also].filter(Boolean).join(' ');
  if (head) paragraphs.push(head);
  if (parts.concern) paragraphs.push(parts.concern);
  if (parts.reflection) paragraphs.push(parts.reflection);
  if (parts.prayer) paragraphs.push(parts.prayer);
  if (parts.quotes.length) {
    if (parts.intro) paragraphs.push(parts.intro);
    for (const q of parts.quotes) paragraphs.push(renderQuote(locale, language, q));
  }
  if (parts.practice) paragraphs.push(parts.practice);
  if (parts.question) paragraphs.push(parts.question);
  return paragraphs.join('\n\n');
}

/** The longest start of `text`, cut between words, whose token count fits. */
function cut(text: string, max: number): string {
  let out = '';
  for (const piece of text.match(/\S+\s*/g) ?? []) {
    if (countTokens(out + piece) > max) break;
    out += piece;
  }
  return out.trimEnd();
}

/**
 * Makes the answer fit `max` tokens: drops the third quote, the practice, the extra sentences,
 * the reflection, the second quote and the opener, then shortens the remaining quote; only a
 * budget too small for anything else loses the last quote, and then the question.
 */
function fit(locale: Locale, language: ChatLanguage, parts: Parts, max: number): string {
  const fits = () => countTokens(render(locale, language, parts)) <= max;
  const shortenQuote = () => {
    const q = parts.quotes[0];
    if (!q) return;
    const total = wordsOf(q.passage.text).length;
    let lo = Math.min(MIN_QUOTE_WORDS, total);
    let hi = total - 1;
    if (hi < lo) return;
    q.words = lo;
    if (!fits()) return;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      q.words = mid;
      if (fits()) lo = mid;
      else hi = mid - 1;
    }
    q.words = lo;
  };
  const steps: Array<() => void> = [
    () => void (parts.quotes.length > 2 && parts.quotes.pop()),
    () => delete parts.practice,
    () => delete parts.prayer,
    () => delete parts.also,
    () => delete parts.intro,
    () => delete parts.reflection,
    () => void (parts.quotes.length > 1 && parts.quotes.pop()),
    () => delete parts.opener,
    shortenQuote,
    () => delete parts.ack,
    shortenQuote,
    () => void parts.quotes.pop(),
    () => delete parts.question,
  ];
  for (const step of steps) {
    if (fits()) break;
    step();
  }
  const text = render(locale, language, parts);
  return countTokens(text) <= max ? text : cut(text, max);
}

/** The guide's answer to a message, in `language`, within `maxOutputTokens`. */
export function composeAnswer(input: ComposeInput): ComposedAnswer {
  const { language, themes, avoid = {} } = input;
  const random = input.random ?? Math.random;
  const locale = GUIDE_LOCALE[language];
  const group: Group = themes[0] ?? 'generic';
  const name = cleanName(input.firstName);
  const found = input.situations?.[0];

  const persona = input.persona;
  // The catalogue's openers: the counsellor's own, or the guide's.
  const openers = persona
    ? [
        ...(name
          ? range(optionCount(`persona.${persona.key}.openerName`)).map((i) => `persona.${persona.key}.openerName.${i}`)
          : []),
        ...range(optionCount(`persona.${persona.key}.opener`)).map((i) => `persona.${persona.key}.opener.${i}`),
      ]
    : input.followUp
      ? range(optionCount('opener.followUp')).map((i) => `followUp.${i}`)
      : [
          ...(name ? range(optionCount('opener.withName')).map((i) => `withName.${i}`) : []),
          ...range(optionCount('opener.plain')).map((i) => `plain.${i}`),
        ];
  // The guide's openers are recorded without their `opener.` prefix (as before counsellors had their own).
  const openerKey = (o: string) => (o.startsWith('persona.') ? o : `opener.${o}`);
  const inGroup = (slot: string) => range(optionCount(`${slot}.${group}`)).map((i) => `${group}.${i}`);
  // A situation has its own acknowledgement (with the person, when named), practice and question.
  const situationKey = found ? `situation.${found.situation}` : undefined;
  const ackKey = situationKey ? `${situationKey}.${found?.person ? 'ackPerson' : 'ack'}` : undefined;
  const ackOptions = ackKey
    ? range(optionCount(ackKey)).map((i) => `${ackKey}.${i}`)
    : inGroup('ack').map((k) => `ack.${k}`);
  // A counsellor's own practices when the message is within their focus or names no theme.
  const ownPractice =
    persona && !situationKey && (group === 'generic' || persona.focus.includes(group))
      ? range(optionCount(`persona.${persona.key}.practice`)).map((i) => `persona.${persona.key}.practice.${i}`)
      : [];
  const practiceOptions = ownPractice.length
    ? ownPractice
    : situationKey
      ? range(optionCount(`${situationKey}.practice`)).map((i) => `${situationKey}.practice.${i}`)
      : inGroup('practice').map((k) => `practice.${k}`);
  const questionOptions = situationKey
    ? range(optionCount(`${situationKey}.question`)).map((i) => `${situationKey}.question.${i}`)
    : inGroup('question').map((k) => `question.${k}`);
  const person = found?.person ? t(locale, `people.${found.person}`) : '';

  const choices: GuideChoices = { theme: group };
  if (found) choices.situation = found.situation;
  const choose = <T extends string | number>(slot: GuideSlot, options: T[]): T => {
    const value = pick(options, avoid[slot], random);
    choices[slot] = value;
    return value;
  };

  const quotes = selectPassages(input.passages, language, avoid.passages, random);
  // The shape: a conversation's first answer is the full one; a follow-up takes any that fits
  // (one passage needs a passage; a prayer needs a theme), never the previous answer's when
  // another fits.
  // A counsellor keeps to their shape (a prayer needs a theme; else one passage, or none).
  const shapes: Shape[] = persona
    ? [persona.shape === 'prayer' && group !== 'generic' ? 'prayer' : 'one']
    : input.followUp
      ? ['full', ...(quotes.length ? (['one'] as const) : []), ...(group !== 'generic' ? (['prayer'] as const) : [])]
      : ['full'];
  const shape: Shape = input.shape ?? choose('shape', shapes);
  choices.shape = shape;
  if (shape !== 'full') quotes.splice(1);

  // The acknowledgement first, then an opener that does not say the same word again ("que bom que
  // você abriu o coração" + "isso está no seu coração").
  const ack = choose('ack', ackOptions);
  const ackText = t(locale, ack, { person });
  const ackWords = longWords(ackText);
  const fresh = openers.filter(
    (o) => ![...longWords(t(locale, openerKey(o), { name: '' }))].some((w) => ackWords.has(w)),
  );
  const opener = choose('opener', fresh.length ? fresh : openers);
  const second = themes[1];
  const also = shape === 'full' && second && !found ? choose('also', range(optionCount('also'))) : undefined;
  const reflection = shape === 'full' ? choose('reflection', inGroup('reflection')) : undefined;
  const introKey = shape === 'full' ? 'quotesIntro' : 'oneIntro';
  const intro = quotes.length ? choose('intro', range(optionCount(introKey))) : undefined;
  // Nothing fits (no theme, no passage): no practice for a subject not understood, just a question.
  // A counsellor always offers one of their practices (their focus stands in for a missing theme).
  const withPractice =
    (shape === 'full' || (!!persona && shape === 'one')) &&
    (group !== 'generic' || quotes.length > 0 || !!found || ownPractice.length > 0);
  const practice = withPractice ? choose('practice', practiceOptions) : undefined;
  // A lead that does not end on the practice's first word ("experimente: Experimente…").
  const practiceFirst = practice !== undefined ? [...longWords(t(locale, practice).split(' ')[0]!, 1)] : [];
  const leads = range(optionCount('practiceLead')).filter(
    (i) => !practiceFirst.some((w) => longWords(t(locale, `practiceLead.${i}`), 1).has(w)),
  );
  const lead = withPractice
    ? choose('practiceLead', leads.length ? leads : range(optionCount('practiceLead')))
    : undefined;
  const prayer = shape === 'prayer' ? choose('prayer', inGroup('prayer')) : undefined;
  const prayerLead = prayer !== undefined ? choose('prayerLead', range(optionCount('prayerLead'))) : undefined;
  const question = choose('question', questionOptions);

  const parts: Parts = {
    opener: t(locale, openerKey(opener), { name }),
    ack: ackText,
    ...(second && also !== undefined
      ? { also: t(locale, `also.${also}`, { theme: t(locale, `themeNames.${second}`) }) }
      : {}),
    ...(reflection !== undefined ? { reflection: t(locale, `reflection.${reflection}`) } : {}),
    ...(intro !== undefined ? { intro: t(locale, `${introKey}.${intro}`) } : {}),
    quotes: quotes.map((passage) => ({ passage })),
    ...(input.concern ? { concern: t(locale, 'concern') } : {}),
    ...(lead !== undefined && practice !== undefined
      ? { practice: `**${t(locale, `practiceLead.${lead}`)}** ${t(locale, practice)}` }
      : {}),
    ...(prayer !== undefined && prayerLead !== undefined
      ? { prayer: `**${t(locale, `prayerLead.${prayerLead}`)}** ${t(locale, `prayer.${prayer}`)}` }
      : {}),
    question: t(locale, question),
  };
  const text = fit(locale, language, parts, Math.max(0, Math.floor(input.maxOutputTokens)));
  choices.passages = parts.quotes.map((q) => q.passage.reference);
  return { text, choices };
}

/** The answer to a thank-you: a few warm words back, no quote, no practice, no sermon. */
export function composeThanks(
  language: ChatLanguage,
  firstName: string,
  avoid: GuideChoices = {},
  random = Math.random,
): ComposedAnswer {
  const locale = GUIDE_LOCALE[language];
  const name = cleanName(firstName);
  const options = [
    ...(name ? range(optionCount('thanks.withName')).map((i) => `withName.${i}`) : []),
    ...range(optionCount('thanks.plain')).map((i) => `plain.${i}`),
  ];
  const choice = pick(options, avoid.thanks, random);
  return { text: t(locale, `thanks.${choice}`, { name }), choices: { theme: 'thanks', thanks: choice, passages: [] } };
}

/**
 * The answer to a message with signs of risk of self-harm: a crisis line first, as tel: links.
 * Where the member's country is known and has a line in CRISIS_LINES, that country's line and
 * emergency number; otherwise the line of the language's home country (Brazil CVV 188, US 988,
 * Spain 024). Then, for anyone elsewhere, the local emergency number; then a few warm lines.
 */
export function composeCrisisAnswer(language: ChatLanguage, firstName: string, country?: string | null): string {
  const locale = GUIDE_LOCALE[language];
  const name = cleanName(firstName);
  const known = crisisCountry(country);
  const lines =
    known && known !== HOME_COUNTRY[language]
      ? [
          t(locale, 'crisis.countryLine', {
            line: CRISIS_LINES[known].line,
            number: telLink(CRISIS_LINES[known].number),
          }),
          t(locale, 'crisis.countryEmergency', { number: telLink(CRISIS_LINES[known].emergency) }),
        ]
      : [t(locale, 'crisis.helpline'), t(locale, 'crisis.emergency')];
  return [
    ...lines,
    t(locale, 'crisis.elsewhere'),
    name ? t(locale, 'crisis.warmName', { name }) : t(locale, 'crisis.warm'),
    t(locale, 'crisis.matters'),
    t(locale, 'crisis.reachOut'),
    t(locale, 'crisis.stay'),
  ].join('\n\n');
}
