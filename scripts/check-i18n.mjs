#!/usr/bin/env node
// Fails when a catalogue key is missing in any of the three locales, or when code uses a
// key that no catalogue has. Keys are found in code as t('key') / t('ns:key') literals and
// as 'ns:key' string literals (validation messages in the shared schemas).
// It also reads the words (rules in scripts/i18n-rules.mjs): every counted text has a zero
// form, counts go through the number formatter, pt-BR and es-ES texts use no English words,
// en-US texts read as American English.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { englishAllowed, englishWordsIn, missingZeroForms, notAmericanIn, unformattedCounts } from './i18n-rules.mjs';

const root = new URL('..', import.meta.url).pathname;
const i18nDir = join(root, 'packages/shared/src/i18n');
const locales = ['pt-BR', 'en-US', 'es-ES'];
const problems = [];

function flatten(obj, prefix = '') {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? flatten(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v]],
  );
}

const catalogues = {};
for (const loc of locales) {
  catalogues[loc] = {};
  for (const f of readdirSync(join(i18nDir, loc)).filter((f) => f.endsWith('.json'))) {
    const ns = f.slice(0, -5);
    catalogues[loc][ns] = new Map(flatten(JSON.parse(readFileSync(join(i18nDir, loc, f), 'utf8'))));
  }
}

const namespaces = new Set(locales.flatMap((l) => Object.keys(catalogues[l])));
for (const ns of namespaces) {
  const all = new Set(locales.flatMap((l) => [...(catalogues[l][ns]?.keys() ?? [])]));
  for (const key of all)
    for (const loc of locales) {
      const v = catalogues[loc][ns]?.get(key);
      if (v === undefined) problems.push(`${loc}/${ns}.json is missing "${key}"`);
      else if (typeof v === 'string' && v.trim() === '') problems.push(`${loc}/${ns}.json has an empty "${key}"`);
    }
}

for (const [ns, flat] of Object.entries(catalogues['pt-BR']))
  for (const key of missingZeroForms(flat))
    problems.push(`pt-BR/${ns}.json has no zero form "${key}" (0 reads as singular)`);
for (const loc of locales)
  for (const [ns, flat] of Object.entries(catalogues[loc]))
    for (const [key, text] of flat) {
      if (unformattedCounts(text))
        problems.push(`${loc}/${ns}.json "${key}" shows {{count}} unformatted (use {{count, number}})`);
      if (loc === 'en-US') for (const w of notAmericanIn(text)) problems.push(`${loc}/${ns}.json "${key}": ${w}`);
      else if (!englishAllowed(loc, ns, key))
        for (const w of englishWordsIn(loc, text))
          problems.push(`${loc}/${ns}.json "${key}" uses the English word "${w}"`);
    }

const PLURALS = ['', '_zero', '_one', '_two', '_few', '_many', '_other'];
const has = (ns, key) => PLURALS.some((s) => catalogues['pt-BR'][ns]?.has(key + s));

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (name === 'node_modules' || name === 'dist' || name === 'test') continue;
    if (statSync(p).isDirectory()) yield* files(p);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) yield p;
  }
}

const nsList = [...namespaces].join('|');
for (const dir of ['apps/web/src', 'packages/shared/src', 'apps/server/src']) {
  for (const file of files(join(root, dir))) {
    const src = readFileSync(file, 'utf8');
    const defaultNs = /useTranslation\(\s*\[?\s*'([\w-]+)'/.exec(src)?.[1] ?? 'common';
    const used = new Set();
    for (const m of src.matchAll(new RegExp(`['"\`](${nsList}):([\\w.-]+)['"\`]`, 'g'))) used.add(`${m[1]}:${m[2]}`);
    for (const m of src.matchAll(/\bt\(\s*'([\w.-]+)'/g)) used.add(`${defaultNs}:${m[1]}`);
    for (const k of used) {
      const [ns, key] = k.split(':');
      if (!namespaces.has(ns)) continue;
      if (!has(ns, key)) problems.push(`${relative(root, file)} uses "${k}", which no catalogue has`);
    }
  }
}

if (problems.length) {
  console.error(`i18n check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`i18n check: ${namespaces.size} namespaces, all keys present in ${locales.join(', ')}`);
