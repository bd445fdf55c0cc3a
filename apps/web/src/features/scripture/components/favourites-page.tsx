import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { FavouriteDto } from '@candeia/shared/schemas/scripture';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useCatalogue } from '../api/get-catalogue.ts';
import { useDeleteFavourite } from '../api/delete-favourite.ts';
import { useFavourites } from '../api/get-favourites.ts';
import { useActionError } from '../hooks/use-action-error.ts';
import { useArea } from '../hooks/use-area.ts';
import { AnnotationHeader, AnnotationPage, formatDate, TextFilter } from './annotation-list.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { ScriptureNav } from './scripture-nav.tsx';

const PAGE_SIZE = 20;

/** /bible/favourites (and under /sacred-books): the favourite verses, by text, each linking back to its passage. */
export default function FavouritesPage() {
  const { t, i18n } = useTranslation('scripture');
  useDocumentTitle(t('favourites.title'));
  const area = useArea();
  const toast = useToast();
  const actionError = useActionError();
  const catalogue = useCatalogue();
  const [params, setParams] = useSearchParams();
  const textId = params.get('textId') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const favourites = useFavourites({ textId: textId || undefined, page, pageSize: PAGE_SIZE });
  const remove = useDeleteFavourite();
  const [confirming, setConfirming] = useState<FavouriteDto | null>(null);
  const locale = i18n.resolvedLanguage ?? i18n.language;

  const set = (next: { textId?: string; page?: number }) => {
    const p = new URLSearchParams();
    const tId = next.textId ?? textId;
    if (tId) p.set('textId', tId);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
  };

  const doDelete = async () => {
    if (!confirming) return;
    try {
      await remove.mutateAsync(confirming.id);
      toast({ variant: 'success', title: t('favourites.removed'), description: confirming.reference });
    } catch (err) {
      toast({ variant: 'destructive', ...actionError(err) });
    }
    setConfirming(null);
  };

  return (
    <div className="mx-auto max-w-4xl px-4 pb-16 pt-6 sm:px-6 sm:pt-8">
      <ScriptureNav area={area} />
      <h1 className="mt-6 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {t('favourites.title')}
      </h1>
      <p className="mt-2 text-stone-600">{t('favourites.lead')}</p>
      <div className="mt-6 max-w-sm">
        <TextFilter catalogue={catalogue.data} value={textId} onChange={(id) => set({ textId: id, page: 1 })} />
      </div>
      <OfflineNotice className="mt-4" />
      <p className="mb-3 mt-4 text-sm text-stone-600" aria-live="polite">
        {favourites.data ? t('favourites.count', { count: favourites.data.total }) : null}
      </p>
      <AnnotationPage query={favourites} empty={t('favourites.empty')} onPage={(p) => set({ page: p })}>
        {(f) => (
          <>
            <AnnotationHeader item={f} catalogue={catalogue.data} />
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <p className="text-xs text-stone-600">{t('lists.savedOn', { date: formatDate(f.createdAt, locale) })}</p>
              <Button size="sm" variant="ghost" className="text-red-800" onClick={() => setConfirming(f)}>
                {t('favourites.remove')}
                <span className="sr-only"> {f.reference}</span>
              </Button>
            </div>
          </>
        )}
      </AnnotationPage>
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(o) => (o ? undefined : setConfirming(null))}
        title={t('favourites.removeTitle')}
        description={confirming ? t('favourites.removeText', { reference: confirming.reference }) : undefined}
        confirmLabel={t('favourites.remove')}
        cancelLabel={t('note.cancel')}
        destructive
        busy={remove.isPending}
        onConfirm={() => void doDelete()}
      />
    </div>
  );
}
