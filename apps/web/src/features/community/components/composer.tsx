import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createPostSchema, POST_MAX } from '@candeia/shared/schemas/community';
import {
  MEDIA_ACCEPT,
  PHOTO_MAX_BYTES,
  PHOTOS_PER_POST,
  VIDEO_MAX_BYTES,
  type MediaDto,
} from '@candeia/shared/schemas/media';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useMessages } from '../../../lib/forms.ts';
import { useCreatePost } from '../api/create-post.ts';
import { useMe } from '../api/get-me.ts';
import { discardMedia, uploadMedia } from '../api/upload-media.ts';
import { isSuspension, SuspendedNotice } from './suspended-notice.tsx';

/** A photo or video chosen for the post: shown at once from the device, uploaded meanwhile. */
interface Attached {
  key: string;
  /** None for media that came already uploaded (shared from another app). */
  file?: File;
  kind: 'photo' | 'video';
  preview: string;
  status: 'uploading' | 'ready' | 'failed';
  /** How much of the file has gone, 0 to 1, while uploading. */
  progress?: number;
  media?: MediaDto;
  error?: string;
}

/** What the device says the file is (the server decides from its bytes). */
const kindOf = (file: File): Attached['kind'] => (file.type.startsWith('video/') ? 'video' : 'photo');

/**
 * What of the chosen files fits the post: up to four photos, or one video alone. A video is taken
 * only into an empty post, and only as the first file chosen (then alone); otherwise the photos
 * are. What does not fit is left out, and the notice says so.
 */
export function fitMedia(attached: { kind: Attached['kind'] }[], files: File[]): { taken: File[]; leftOut: boolean } {
  if (attached.some((a) => a.kind === 'video')) return { taken: [], leftOut: files.length > 0 };
  const [first] = files;
  if (attached.length === 0 && first && kindOf(first) === 'video') return { taken: [first], leftOut: files.length > 1 };
  const photos = files.filter((f) => kindOf(f) === 'photo');
  const taken = photos.slice(0, Math.max(0, PHOTOS_PER_POST - attached.length));
  return { taken, leftOut: taken.length < files.length };
}

/** What the composer opens with: text and uploads shared from another app (decision 021). */
export interface ComposerStart {
  body: string;
  media: MediaDto[];
  notice: string | null;
}

/**
 * The new-post form: text, up to four photos or one video, and whether it is a prayer request.
 * Media upload as soon as they are chosen (a video with its progress); "Publicando…" while the
 * post goes; on failure the text and the media stay as they were. A member the moderation
 * suspended sees why instead, and until when.
 */
export function Composer({ initial }: { initial?: ComposerStart | null }) {
  const { t } = useTranslation('community');
  const { message, apiMessage } = useMessages();
  const toast = useToast();
  const create = useCreatePost();
  const me = useMe();
  const [body, setBody] = useState(initial?.body ?? '');
  const [isPrayer, setIsPrayer] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [photos, setPhotos] = useState<Attached[]>(() =>
    (initial?.media ?? []).map((media) => ({
      key: media.id,
      kind: media.kind,
      preview: media.urls.feed ?? media.urls.poster ?? '',
      status: 'ready' as const,
      media,
    })),
  );
  const [photoNotice, setPhotoNotice] = useState<string | null>(initial?.notice ?? null);
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => urls.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const update = (key: string, change: Partial<Attached>) =>
    setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const send = async (item: Attached) => {
    if (!item.file) return;
    update(item.key, { status: 'uploading', error: undefined, progress: 0 });
    if (item.kind === 'photo' && item.file.size > PHOTO_MAX_BYTES) {
      update(item.key, { status: 'failed', error: t('errors:MEDIA_TOO_LARGE') });
      return;
    }
    if (item.kind === 'video' && item.file.size > VIDEO_MAX_BYTES) {
      update(item.key, { status: 'failed', error: t('errors:MEDIA_VIDEO_TOO_LARGE') });
      return;
    }
    try {
      const media = await uploadMedia(item.file, { onProgress: (progress) => update(item.key, { progress }) });
      update(item.key, { status: 'ready', media });
    } catch (err) {
      const fallback = item.kind === 'video' ? t('composer.videoFailed') : t('composer.photoFailed');
      update(item.key, { status: 'failed', error: apiMessage(err) || fallback });
    }
  };

  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    const { taken, leftOut } = fitMedia(photos, files);
    setPhotoNotice(leftOut ? t('composer.mediaLimit', { count: PHOTOS_PER_POST }) : null);
    const added = taken.map((file) => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      return { key: preview, file, kind: kindOf(file), preview, status: 'uploading' as const };
    });
    if (added.length === 0) return;
    setPhotos((list) => [...list, ...added]);
    if (error) setError(null);
    for (const item of added) void send(item);
  };

  const remove = (item: Attached) => {
    setPhotos((list) => list.filter((p) => p.key !== item.key));
    setPhotoNotice(null);
    URL.revokeObjectURL(item.preview);
    previews.current.delete(item.preview);
    // Taken back on the server too (it would be swept after a day anyway).
    if (item.media) void discardMedia(item.media.id).catch(() => undefined);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (create.isPending) return;
    if (photos.some((p) => p.status === 'uploading')) {
      setError(t('composer.waitPhotos'));
      return;
    }
    if (photos.some((p) => p.status === 'failed')) {
      setError(t('composer.fixPhotos'));
      return;
    }
    const mediaIds = photos.flatMap((p) => (p.media ? [p.media.id] : []));
    const parsed = createPostSchema.safeParse({ body, isPrayer, mediaIds });
    if (!parsed.success) {
      setError(message(parsed.error.issues[0]?.message) ?? null);
      document.getElementById(`${id}-body`)?.focus();
      return;
    }
    setError(null);
    try {
      const created = await create.mutateAsync(parsed.data);
      setBody('');
      setIsPrayer(false);
      for (const p of photos) {
        URL.revokeObjectURL(p.preview);
        previews.current.delete(p.preview);
      }
      setPhotos([]);
      setPhotoNotice(null);
      toast(
        created.status === 'held'
          ? { variant: 'success', title: t('composer.held'), description: t('composer.heldText') }
          : { variant: 'success', title: t('composer.created'), description: t('composer.createdText') },
      );
    } catch (err) {
      toast({
        variant: 'destructive',
        title: t('composer.failed'),
        description: apiMessage(err) || t('composer.failedText'),
      });
      if (isSuspension(err)) void me.refetch();
    }
  };

  if (me.data?.suspended) return <SuspendedNotice me={me.data} variant="post" />;

  return (
    <form onSubmit={submit} noValidate className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <label htmlFor={`${id}-body`} className="block text-sm font-semibold text-stone-800">
        {t('composer.label')}
      </label>
      <textarea
        id={`${id}-body`}
        value={body}
        onChange={(e) => {
          setBody(e.target.value);
          if (error) setError(null);
        }}
        rows={3}
        maxLength={POST_MAX}
        placeholder={t('composer.placeholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="mt-2 block w-full resize-y rounded-xl border border-stone-300 px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
      />
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
      {photos.length > 0 ? (
        <ul className="mt-3 grid grid-cols-4 gap-2" aria-label={t('composer.mediaLabel')}>
          {photos.map((p, i) => (
            <li key={p.key} className="relative">
              {p.kind === 'video' && !p.file ? (
                p.preview ? (
                  <img
                    src={p.preview}
                    alt={t('composer.videoAlt')}
                    className="aspect-square w-full rounded-lg object-cover"
                  />
                ) : (
                  <span className="flex aspect-square w-full items-center justify-center rounded-lg bg-stone-900 p-1 text-center text-xs font-semibold text-white">
                    {t('media.processing')}
                  </span>
                )
              ) : p.kind === 'video' ? (
                <video
                  src={p.preview}
                  muted
                  playsInline
                  preload="metadata"
                  aria-label={t('composer.videoAlt')}
                  className={`aspect-square w-full rounded-lg bg-stone-900 object-cover ${p.status === 'ready' ? '' : 'opacity-60'}`}
                />
              ) : (
                <img
                  src={p.preview}
                  alt={t('composer.photoAlt', { n: i + 1 })}
                  className={`aspect-square w-full rounded-lg object-cover ${p.status === 'ready' ? '' : 'opacity-60'}`}
                />
              )}
              {p.status === 'uploading' ? (
                <span className="absolute inset-0 flex items-center justify-center" role="status">
                  <Spinner />
                  {p.kind === 'video' ? (
                    <span className="absolute bottom-1 left-1 rounded bg-white/90 px-1.5 text-xs font-semibold text-stone-900">
                      {t('composer.percent', { value: Math.round((p.progress ?? 0) * 100) })}
                    </span>
                  ) : null}
                  <span className="sr-only">
                    {p.kind === 'video' ? t('composer.videoUploading') : t('composer.photoUploading', { n: i + 1 })}
                  </span>
                </span>
              ) : null}
              <button
                type="button"
                onClick={() => remove(p)}
                className="absolute right-1 top-1 inline-flex h-8 w-8 items-center justify-center rounded-full bg-stone-900/75 text-white focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                aria-label={p.kind === 'video' ? t('composer.removeVideo') : t('composer.removePhoto', { n: i + 1 })}
              >
                <Icon className="h-4 w-4">
                  <path d="M6 6l12 12M18 6 6 18" />
                </Icon>
              </button>
              {p.status === 'failed' ? (
                <p className="mt-1 text-xs text-red-800">
                  {p.error}{' '}
                  <button type="button" className="font-semibold underline" onClick={() => void send(p)}>
                    {t('composer.retryPhoto')}
                  </button>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {photoNotice ? (
        <p className="mt-2 text-sm text-stone-700" role="status">
          {photoNotice}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <input
          ref={fileInput}
          id={`${id}-photos`}
          type="file"
          accept={MEDIA_ACCEPT}
          multiple
          onChange={choose}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
        />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button
            type="button"
            variant="outline"
            onClick={() => fileInput.current?.click()}
            disabled={photos.length >= PHOTOS_PER_POST || photos.some((p) => p.kind === 'video')}
          >
            <Icon>
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <circle cx="9" cy="10" r="1.5" />
              <path d="m21 16-5-5-8 8" />
            </Icon>
            {t('composer.addMedia')}
          </Button>
          <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm text-stone-800">
            <input
              type="checkbox"
              checked={isPrayer}
              onChange={(e) => setIsPrayer(e.target.checked)}
              className="h-5 w-5 rounded border-stone-400 text-brand-700 focus:ring-brand-600"
            />
            {t('composer.prayer')}
          </label>
        </div>
        <Button type="submit" busy={create.isPending} busyLabel={t('composer.publishing')}>
          {t('composer.publish')}
        </Button>
      </div>
    </form>
  );
}
