/**
 * What changed in the app, newest first: the "Novidades" page (/updates) lists these, each
 * release's title and items in the reader's language (the `updates` i18n namespace, under
 * `releases.<id>`). A release adds an entry here and its texts in the three catalogues.
 */
export interface Release {
  /** The release's day (YYYY-MM-DD), also its key in the catalogues. */
  id: string;
  /** Its items' keys, in the order shown. */
  items: readonly string[];
}

export const RELEASES: readonly Release[] = [
  { id: '2026-11-25', items: ['messages', 'push', 'alerts', 'updates'] },
  {
    id: '2026-11-24',
    items: ['notifications', 'header', 'settings', 'privacy', 'community', 'consultations', 'avatar'],
  },
  { id: '2026-11-23', items: ['chat', 'references', 'crisis'] },
  { id: '2026-11-22', items: ['scripture', 'plans', 'referrals', 'donations', 'offline'] },
];

/** The newest release's id: what a reader has seen once they opened the page. */
export const LATEST_RELEASE = RELEASES[0]!.id;
