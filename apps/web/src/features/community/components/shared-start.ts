import type { TFunction } from 'i18next';
import { POST_MAX } from '@candeia/shared/schemas/community';
import { PHOTOS_PER_POST, type MediaDto, type ShareClaimDto } from '@candeia/shared/schemas/media';
import { discardMedia } from '../api/upload-media.ts';
import type { ComposerStart } from './composer.tsx';

/** The shared title, text and link as one post: each once (a link is often in the text already). */
export function sharedBody(shared: Pick<ShareClaimDto, 'title' | 'text' | 'url'>): string {
  const all = [shared.title, shared.text, shared.url].map((p) => p.trim()).filter(Boolean);
  // A part another one holds is left out (of two equal ones, the first stays).
  const parts = all.filter((p, i) => !all.some((q, j) => j !== i && q.includes(p) && (q !== p || j < i)));
  return parts.join('\n\n').slice(0, POST_MAX);
}

/** What of the shared media fits one post: a video alone when it comes first, else up to four photos. */
export function fitShared(media: MediaDto[]): { taken: MediaDto[]; left: MediaDto[] } {
  const [first] = media;
  const taken = first?.kind === 'video' ? [first] : media.filter((m) => m.kind === 'photo').slice(0, PHOTOS_PER_POST);
  return { taken, left: media.filter((m) => !taken.includes(m)) };
}

/**
 * The composer's start from a claimed share: its text, the media that fit (the rest taken back
 * on the server), and a notice naming each file refused and anything left out.
 */
export function startFromShare(shared: ShareClaimDto, t: TFunction): ComposerStart {
  const { taken, left } = fitShared(shared.media);
  for (const m of left) void discardMedia(m.id).catch(() => undefined);
  const notices = shared.errors.map((code) => t('community:composer.sharedRefused', { reason: t(`errors:${code}`) }));
  if (left.length > 0) notices.push(t('community:composer.mediaLimit', { count: PHOTOS_PER_POST }));
  return { body: sharedBody(shared), media: taken, notice: notices.length > 0 ? notices.join(' ') : null };
}
