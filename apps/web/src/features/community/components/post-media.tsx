import * as RadixDialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaDto } from '@candeia/shared/schemas/media';
import { Icon } from '../../../components/ui/icon.tsx';

/**
 * A post's photos: one at its own shape, two side by side, three or four in a grid. Each shows
 * its blurred placeholder until the picture has loaded; a tap opens the full size.
 */
export function PostMedia({ media, author }: { media: MediaDto[]; author: string }) {
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
