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

/** Looks up `ns:dotted.key` (or `key` in `defaultNs`) and fills `{{name}}` placeholders. */
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
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
