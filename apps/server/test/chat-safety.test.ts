/**
 * The guide's safety through the real app and database (the guide-safety issue): despair said
 * softly gets the helpline first in every language and no passage at all; a message with no
 * recognised theme gets no quote picked by a word search; a passage on the never-quote list is
 * never quoted, even when the message names it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatEvent } from '@candeia/shared/schemas/chat';
import { detectThemes } from '../src/modules/chat/guide/detect.ts';
import { NEVER_QUOTE } from '../src/modules/chat/never-quote.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { answerText, eventsOf, sendMessage } from './support/chat.ts';
import { insertUser } from './support/factories.ts';
import { bibleFixture, insertScriptureFixtures, insertText } from './support/scripture.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await insertScriptureFixtures(t);
  // Every Bible also holds Êxodo 22:18 and 1 Timóteo 5:6, with made-up lines that share words
  // with the messages below (so a word search would find them).
  const extra = {
    pt: {
      'Exod 22:18': 'Linha inventada: não deixarás viver quem faz isso.',
      'Gen 1:2': 'A terra era sem forma e vazia.',
    },
    en: { 'Exod 22:18': 'A made-up line: thou shalt not let them live.', 'Gen 1:2': 'And the earth was without form.' },
    es: { 'Exod 22:18': 'Línea inventada: no dejarás que viva.', 'Gen 1:2': 'Y la tierra estaba desordenada.' },
  };
  await insertText(t, bibleFixture('pt', 'porblivre', extra.pt));
  await insertText(t, bibleFixture('en', 'kjv', extra.en));
  await insertText(t, bibleFixture('es', 'sparv1909', extra.es));
});
afterAll(() => t?.close());

const done = (events: ChatEvent[]) => eventsOf(events, 'done')[0]!;
const quoteLines = (text: string) => text.split('\n').filter((l) => l.startsWith('> '));

const AT_RISK = [
  { locale: 'pt-BR', country: 'Brasil', text: 'Não vejo mais sentido em viver', helpline: '[188](tel:188)' },
  {
    locale: 'en-US',
    country: 'United States',
    text: "I'm just a burden to everyone, I wish I didn't exist",
    helpline: '[988](tel:988)',
  },
  { locale: 'es-ES', country: 'España', text: 'Ya no le veo sentido a seguir viviendo', helpline: '[024](tel:024)' },
] as const;

describe('despair said softly', () => {
  it.each(AT_RISK)(
    '($locale) "$text": the helpline first, no passage, never charged',
    async ({ locale, country, text, helpline }) => {
      // A member of the language's home country (the member's country's line comes first).
      const u = await insertUser(t, { country });
      const { res, events } = await sendMessage(t, u.cookie, text, { locale });
      expect(res.statusCode, res.body).toBe(200);
      const answer = answerText(events);
      const message = done(events).message;
      expect(message.kind).toBe('crisis');
      expect(message.cost).toBe(0);
      expect(answer.split('\n\n')[0]).toContain(helpline);
      expect(quoteLines(answer)).toEqual([]);
      expect(message.citations).toEqual([]);
      for (const e of NEVER_QUOTE) expect(answer).not.toMatch(new RegExp(`\\b${e.chapter}:${e.from}\\b`));
    },
  );
});

describe('no passage chosen by accident', () => {
  const NO_THEME = [
    { locale: 'pt-BR', language: 'pt', text: 'Fico pensando na forma da terra no princípio de tudo' },
    { locale: 'en-US', language: 'en', text: 'I keep thinking about the earth and its form in the beginning' },
    { locale: 'es-ES', language: 'es', text: 'Pienso en cómo era la tierra al principio de todo' },
  ] as const;

  it.each(NO_THEME)(
    '($locale) a message with no recognised theme gets no word-search quote',
    async ({ locale, language, text }) => {
      expect(detectThemes(text, language)).toEqual([]);
      const u = await insertUser(t);
      const { res, events } = await sendMessage(t, u.cookie, text, { locale });
      expect(res.statusCode, res.body).toBe(200);
      const answer = answerText(events);
      expect(done(events).message.kind).toBe('answer');
      expect(quoteLines(answer)).toEqual([]);
      expect(done(events).message.citations).toEqual([]);
      expect(answer.trim().endsWith('?')).toBe(true);
    },
  );

  it.each([
    ['pt-BR', 'O que significa Êxodo 22:18? Tenho medo.', 'Êxodo 22:18'],
    ['en-US', 'What does Exodus 22:18 mean? I am afraid.', 'Exodus 22:18'],
    ['es-ES', '¿Qué significa Éxodo 22:18? Tengo miedo.', 'Éxodo 22:18'],
  ] as const)(
    '(%s) a passage on the never-quote list is not quoted even when named',
    async (locale, text, reference) => {
      const u = await insertUser(t);
      const { res, events } = await sendMessage(t, u.cookie, text, { locale });
      expect(res.statusCode, res.body).toBe(200);
      const answer = answerText(events);
      expect(done(events).message.kind).toBe('answer');
      expect(answer).not.toContain(reference);
      // The fear theme still brings its passages.
      expect(quoteLines(answer).length).toBeGreaterThan(0);
      expect(done(events).message.citations.map((c) => c.label)).not.toContain(reference);
    },
  );
});
