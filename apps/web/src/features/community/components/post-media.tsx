import * as RadixDialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaDto } from '@candeia/shared/schemas/media';
import { Icon } from '../../../components/ui/icon.tsx';
import { getPost } from '../api/get-post.ts';
import { communityKeys } from '../api/keys.ts';
import { replacePost } from '../api/post-cache.ts';

/** How often a post whose video is being processed is asked again. */
export const PROCESSING_POLL_MS = 4_000;

/**
 * A post's media: its video, or its photos (one at its own shape, two side by side, three or
 * four in a grid), each with its blurred placeholder until loaded; a tap opens a photo's full size.
 */
export function PostMedia({
  postId,
  media,
  author,
  mine,
}: {
  postId: string;
  media: MediaDto[];
  author: string;
  mine: boolean;
}) {
  const video = media.find((m) => m.kind === 'video');
  if (video) return <PostVideo postId={postId} video={video} author={author} mine={mine} />;
  return <PostPhotos media={media} author={author} />;
}

/**
 * A post's video: played in place (its poster first, loaded only when played); "Processando
 * vídeo…" while it is transcoded, the post asked again until it is ready; if it failed, only its
 * author sees why.
 */
function PostVideo({
  postId,
  video,
  author,
  mine,
}: {
  postId: string;
  video: MediaDto;
  author: string;
  mine: boolean;
}) {
  const { t } = useTranslation('community');
  const qc = useQueryClient();
  const processing = video.status === 'processing';
  const fresh = useQuery({
    queryKey: communityKeys.post(postId),
    queryFn: () => getPost(postId),
    enabled: processing,
    refetchInterval: processing ? PROCESSING_POLL_MS : false,
    retry: false,
  });
  useEffect(() => {
    const post = fresh.data;
    if (post && post.media.some((m) => m.id === video.id && m.status !== 'processing')) replacePost(qc, post);
  }, [fresh.data, qc, video.id]);

  const ratio = video.width && video.height ? `${video.width} / ${video.height}` : '16 / 9';
  if (video.status === 'failed') {
    if (!mine) return null;
    return (
      <div className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900" role="alert">
        <p className="font-semibold">{t('media.videoFailedTitle')}</p>
        <p className="mt-1">{t(`errors:${video.error ?? 'MEDIA_VIDEO_FAILED'}`)}</p>
        <p className="mt-1 text-red-800">{t('media.videoFailedHint')}</p>
      </div>
    );
  }
  if (processing) {
    return (
      <div
        className="mt-3 flex aspect-video flex-col items-center justify-center rounded-xl bg-stone-100 px-4 text-center"
        role="status"
      >
        <Icon className="h-8 w-8 animate-pulse text-brand-700">
          <rect x="2" y="6" width="14" height="12" rx="2" />
          <path d="m16 10 6-3v10l-6-3" />
        </Icon>
        <p className="mt-2 font-semibold text-stone-900">{t('media.processing')}</p>
        <p className="mt-1 text-sm text-stone-700">{t('media.processingText')}</p>
      </div>
    );
  }
  return (
    <div className="mt-3 overflow-hidden rounded-xl bg-stone-950">
      <video
        src={video.urls.video}
        poster={video.urls.poster}
        controls
        playsInline
        preload="none"
        width={video.width ?? undefined}
        height={video.height ?? undefined}
        aria-label={t('media.videoOf', { name: author })}
        className="mx-auto block max-h-[32rem] w-full"
        style={{
          aspectRatio: ratio,
          ...(video.placeholder ? { backgroundImage: `url("${video.placeholder}")`, backgroundSize: 'cover' } : {}),
        }}
      />
    </div>
  );
}

function PostPhotos({ media, author }: { media: MediaDto[]; author: string }) {
  const { t } = useTranslation('community');
  const [open, setOpen] = useState<number | null>(null);
  const photos = media.filter((m) => m.kind === 'photo' && m.status === 'ready');
  if (photos.length === 0) return null;
  const single = photos.length === 1;
  const shown = open === null ? null : photos[open];
  return (
    <>
      <ul className={`mt-3 grid gap-1 overflow-hidden rounded-xl ${single ? 'grid-cols-1' : 'grid-cols-2'}`}>
        {photos.map((m, i) => (
          <li key={m.id} className={photos.length === 3 && i === 0 ? 'row-span-2' : undefined}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              className="block h-full w-full bg-stone-100 bg-cover bg-center focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
              style={m.placeholder ? { backgroundImage: `url("${m.placeholder}")` } : undefined}
              aria-label={t('media.open', { n: i + 1, count: photos.length, name: author })}
            >
              <img
                src={m.urls.feed}
                alt=""
                width={m.width ?? undefined}
                height={m.height ?? undefined}
                loading="lazy"
                decoding="async"
                className={`block w-full object-cover ${single ? 'max-h-[32rem]' : 'h-full min-h-40 sm:min-h-56'}`}
                style={single && m.width && m.height ? { aspectRatio: `${m.width} / ${m.height}` } : undefined}
              />
            </button>
          </li>
        ))}
      </ul>
      <RadixDialog.Root open={shown !== null} onOpenChange={(o) => (o ? undefined : setOpen(null))}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-50 bg-stone-950/90" />
          <RadixDialog.Content className="fixed inset-0 z-50 flex items-center justify-center p-2 focus:outline-none sm:p-8">
            <RadixDialog.Title className="sr-only">
              {open !== null ? t('media.photoOf', { n: open + 1, count: photos.length, name: author }) : ''}
            </RadixDialog.Title>
            <RadixDialog.Description className="sr-only">{t('media.closeHint')}</RadixDialog.Description>
            {shown ? (
              <img
                src={shown.urls.full}
                alt={t('media.photoOf', { n: (open ?? 0) + 1, count: photos.length, name: author })}
                className="max-h-full max-w-full rounded-lg object-contain"
                style={
                  shown.placeholder
                    ? { backgroundImage: `url("${shown.placeholder}")`, backgroundSize: 'cover' }
                    : undefined
                }
              />
            ) : null}
            <RadixDialog.Close
              className="absolute right-3 top-3 inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
              aria-label={t('media.close')}
            >
              <Icon>
                <path d="M6 6l12 12M18 6 6 18" />
              </Icon>
            </RadixDialog.Close>
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
    </>
  );
}
