/**
 * All catalogues loaded eagerly, for the server (error messages, e-mails) and for tests.
 * The web app loads them lazily instead (apps/web/src/lib/i18n.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUPPORTED_LOCALES, type Locale } from '../constants.ts';

type Tree = { [key: string]: string | Tree };
const here = dirname(fileURLToPath(import.meta.url));

export const resources: Record<Locale, Record<string, Tree>> = Object.fromEntries(
  SUPPORTED_LOCALES.map((locale) => {
    const dir = join(here, locale);
    const namespaces = Object.fromEntries(
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(join(dir, f), 'utf8')) as Tree]),
    );
    return [locale, namespaces];
  }),
) as Record<Locale, Record<string, Tree>>;

const numberFormats = new Map<Locale, Intl.NumberFormat>();
function formatNumber(locale: Locale, value: string | number | undefined): string {
  if (typeof value !== 'number') return String(value ?? '');
  let format = numberFormats.get(locale);
  if (!format) numberFormats.set(locale, (format = new Intl.NumberFormat(locale)));
  return format.format(value);
}

/**
 * Looks up `ns:dotted.key` (or `key` in `defaultNs`) and fills `{{name}}` placeholders;
 * `{{name, number}}` is written as a number of the locale (1.234 in pt-BR, 1,234 in en-US).
 */
export function translate(
  locale: Locale,
  key: string,
  params: Record<string, string | number> = {},
  defaultNs = 'common',
): string {
  const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : [defaultNs, key];
  const find = (loc: Locale): string | undefined => {
    let node: string | Tree | undefined = resources[loc]?.[ns];
    for (const part of path.split('.')) {
      if (node === undefined || typeof node === 'string') return undefined;
      node = node[part];
    }
    return typeof node === 'string' ? node : undefined;
  };
  const text = find(locale) ?? find('pt-BR') ?? key;
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(number)\s*)?\}\}/g, (_, name: string, format?: string) =>
    format ? formatNumber(locale, params[name]) : String(params[name] ?? ''),
  );
}
