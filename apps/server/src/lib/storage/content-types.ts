/** The types media are stored and served as, by the extension of their server-made key. */
const TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return TYPES[ext] ?? 'application/octet-stream';
}
