import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SEARCH_MAX, type NoteDto } from '@candeia/shared/schemas/scripture';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { FieldError } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useMessages } from '../../../lib/forms.ts';
import { useCatalogue } from '../api/get-catalogue.ts';
import { useDeleteNote } from '../api/delete-note.ts';
import { useNotes } from '../api/get-notes.ts';
import { useUpdateNote } from '../api/update-note.ts';
import { useActionError } from '../hooks/use-action-error.ts';
import { useArea } from '../hooks/use-area.ts';
import { excerptOf } from '../lib/reference.ts';
import { AnnotationHeader, AnnotationPage, formatDate, TextFilter } from './annotation-list.tsx';
import { NoteDialog } from './note-dialog.tsx';
import { OfflineNotice } from './offline-notice.tsx';
import { ScriptureNav } from './scripture-nav.tsx';

const PAGE_SIZE = 20;

/** /bible/notes (and under /sacred-books): the user's notes, by text and by words; edit, delete, back to the passage. */
export default function NotesPage() {
  const { t, i18n } = useTranslation('scripture');
  useDocumentTitle(t('notes.title'));
  const area = useArea();
  const toast = useToast();
  const actionError = useActionError();
  const catalogue = useCatalogue();
  const [params, setParams] = useSearchParams();
  const textId = params.get('textId') ?? '';
  const q = (params.get('q') ?? '').slice(0, SEARCH_MAX);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const notes = useNotes({ textId: textId || undefined, q: q || undefined, page, pageSize: PAGE_SIZE });
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const [editing, setEditing] = useState<NoteDto | null>(null);
  const [confirming, setConfirming] = useState<NoteDto | null>(null);
  const locale = i18n.resolvedLanguage ?? i18n.language;

  const set = (next: { textId?: string; q?: string; page?: number }) => {
    const p = new URLSearchParams();
    const tId = next.textId ?? textId;
    const query = next.q ?? q;
    if (tId) p.set('textId', tId);
    if (query) p.set('q', query);
    if (next.page && next.page > 1) p.set('page', String(next.page));
    setParams(p, { replace: true });
  };

  const doDelete = async () => {
    if (!confirming) return;
    try {
      await remove.mutateAsync(confirming.id);
      toast({ variant: 'success', title: t('note.deleted') });
    } catch (err) {
      toast({ variant: 'destructive', ...actionError(err) });
    }
    setConfirming(null);
  };

  return (
    <div className="mx-auto max-w-4xl px-4 pb-16 pt-6 sm:px-6 sm:pt-8">
      <ScriptureNav area={area} />
      <h1 className="mt-6 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {t('notes.title')}
      </h1>
      <p className="mt-2 text-stone-600">{t('notes.lead')}</p>
      <div className="mt-6 grid gap-4 sm:grid-cols-[minmax(0,18rem)_1fr] sm:items-start">
        <TextFilter catalogue={catalogue.data} value={textId} onChange={(id) => set({ textId: id, page: 1 })} />
        <NotesSearch key={q} initial={q} onSearch={(v) => set({ q: v, page: 1 })} />
      </div>
      <OfflineNotice className="mt-4" />
      <p className="mb-3 mt-4 text-sm text-stone-600" aria-live="polite">
        {notes.data ? t('notes.count', { count: notes.data.total }) : null}
      </p>
      <AnnotationPage
        query={notes}
        empty={q || textId ? t('notes.emptyFiltered') : t('notes.empty')}
        onPage={(p) => set({ page: p })}
      >
        {(n) => (
          <>
            <AnnotationHeader item={n} catalogue={catalogue.data} />
            <p className="mt-3 whitespace-pre-wrap break-words rounded-xl bg-sky-50 p-3 text-stone-900">{n.body}</p>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <p className="text-xs text-stone-600">
                {t('lists.updatedOn', { date: formatDate(n.updatedAt, locale) })}
              </p>
              <div className="flex gap-2">
                <Button size="sm" variant="outline" onClick={() => setEditing(n)}>
                  {t('note.edit')}
                  <span className="sr-only"> {n.reference}</span>
                </Button>
                <Button size="sm" variant="ghost" className="text-red-800" onClick={() => setConfirming(n)}>
                  {t('note.delete')}
                  <span className="sr-only"> {n.reference}</span>
                </Button>
              </div>
            </div>
          </>
        )}
      </AnnotationPage>
      {editing ? (
        <NoteDialog
          open
          onOpenChange={(o) => (o ? undefined : setEditing(null))}
          reference={editing.reference}
          excerpt={excerptOf(editing.excerpt)}
          initialBody={editing.body}
          onSave={async (body) => {
            await update.mutateAsync({ id: editing.id, body });
            toast({ variant: 'success', title: t('note.saved') });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(o) => (o ? undefined : setConfirming(null))}
        title={t('note.deleteTitle')}
        description={t('note.deleteText')}
        confirmLabel={t('note.delete')}
        cancelLabel={t('note.cancel')}
        destructive
        busy={remove.isPending}
        onConfirm={() => void doDelete()}
      />
    </div>
  );
}

function NotesSearch({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('scripture');
  const { message } = useMessages();
  const id = useId();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = value.trim();
    if (v.length > SEARCH_MAX) {
      setError(message('validation:search.tooLong'));
      return;
    }
    setError(undefined);
    onSearch(v);
  };
  return (
    <form role="search" noValidate onSubmit={submit} className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {t('notes.search')}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="search"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            if (error) setError(undefined);
          }}
          placeholder={t('notes.searchPlaceholder')}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="secondary">
          {t('search.submit')}
        </Button>
      </div>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </form>
  );
}
