/**
 * A SWORD module's configuration file (mods.d/*.conf): `[Name]`, then `Key=Value` lines. A key
 * may repeat (GlobalOptionFilter, Obsoletes); a value may continue on the next line after a
 * trailing backslash; `#` starts a comment line. The file's encoding is the module's
 * (`Encoding=UTF-8`, otherwise Latin-1).
 */
import { ContentError } from './types.ts';

export interface SwordConf {
  /** The module name between the brackets, e.g. 'PorBLivre'. */
  name: string;
  /** Every key with all its values, in file order. */
  entries: Map<string, string[]>;
  /** The first value of a key (trimmed), if any. */
  get(key: string): string | undefined;
}

function decode(bytes: Buffer): string {
  const utf8 = bytes.toString('utf8');
  // A conf declares its own encoding; before knowing it, UTF-8 that decodes cleanly wins.
  if (/^Encoding\s*=\s*UTF-8\s*$/im.test(utf8) || !utf8.includes('\uFFFD')) return utf8;
  return bytes.toString('latin1');
}

/** RTF-ish markup that About/Copyright values may carry (\par, \qc, \u233?), made plain. */
export function plainConfValue(value: string): string {
  return value
    .replace(/\\u(-?\d+)\??/g, (_, n: string) => String.fromCharCode((Number(n) + 65536) % 65536))
    .replace(/\\pard\b|\\par\b/g, '\n')
    .replace(/\\q[lrc]\b|\\b0?\b|\\i0?\b/g, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}

export function parseSwordConf(bytes: Buffer): SwordConf {
  const text = decode(bytes).replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/);
  let name: string | null = null;
  const entries = new Map<string, string[]>();
  let pending: { key: string; value: string } | null = null;
  const commit = () => {
    if (!pending) return;
    const list = entries.get(pending.key) ?? [];
    list.push(pending.value.trim());
    entries.set(pending.key, list);
    pending = null;
  };
  for (const raw of lines) {
    if (pending) {
      // Continuation of the previous value.
      const cont = raw.endsWith('\\');
      pending.value += '\n' + (cont ? raw.slice(0, -1) : raw);
      if (!cont) commit();
      continue;
    }
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      if (name !== null) break; // one module per conf: stop at a second section
      name = section[1]!.trim();
      continue;
    }
    const eq = raw.indexOf('=');
    if (eq <= 0 || name === null) continue;
    const key = raw.slice(0, eq).trim();
    const value = raw.slice(eq + 1);
    if (value.endsWith('\\')) {
      pending = { key, value: value.slice(0, -1) };
      continue;
    }
    pending = { key, value };
    commit();
  }
  commit();
  if (!name) throw new ContentError('Not a SWORD module configuration: no [ModuleName] section.');
  return {
    name,
    entries,
    get: (key) => entries.get(key)?.[0],
  };
}
