import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChapterDto, NoteDto } from '@candeia/shared/schemas/scripture';
import { paths, type ScriptureArea } from '@candeia/shared/routes';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useDeleteNote } from '../api/delete-note.ts';
import { useActionError } from '../hooks/use-action-error.ts';
import { formatReference } from '@candeia/shared/scripture';

/** The user's notes on this chapter, under the text: each links to its verses and can be edited or deleted. */
export function ChapterNotes({
  area,
  data,
  notes,
  onEdit,
}: {
  area: ScriptureArea;
  data: ChapterDto;
  notes: NoteDto[];
  onEdit: (note: NoteDto) => void;
}) {
  const { t } = useTranslation('scripture');
  const toast = useToast();
  const actionError = useActionError();
  const remove = useDeleteNote();
  const [confirming, setConfirming] = useState<NoteDto | null>(null);
  if (!notes.length) return null;

  const doDelete = async () => {
    if (!confirming) return;
    try {
      await remove.mutateAsync(confirming.id);
      toast({ variant: 'success', title: t('note.deleted') });
      setConfirming(null);
    } catch (err) {
      setConfirming(null);
      toast({ variant: 'destructive', ...actionError(err) });
    }
  };

  return (
    <section aria-labelledby="chapter-notes" className="mx-auto mt-10 max-w-[40rem]">
      <h2 id="chapter-notes" className="font-serif text-xl font-semibold text-stone-900">
        {t('note.inChapter')}
      </h2>
      <ul className="mt-3 grid gap-3">
        {notes.map((n) => {
          const ref = formatReference(data.book.name, data.chapter, n.verseStart, n.verseEnd);
          return (
            <li key={n.id} className="rounded-2xl border border-sky-200 bg-sky-50/60 p-4">
              <Link
                to={paths.chapter(area, data.text.id, data.book.code, data.chapter, n.verseStart, n.verseEnd)}
                className="font-semibold text-sky-900 underline underline-offset-4"
              >
                {ref}
              </Link>
              <p className="mt-2 whitespace-pre-wrap break-words text-stone-800">{n.body}</p>
              <div className="mt-3 flex gap-2">
                <Button size="sm" variant="outline" onClick={() => onEdit(n)}>
                  {t('note.edit')}
                  <span className="sr-only"> {ref}</span>
                </Button>
                <Button size="sm" variant="ghost" className="text-red-800" onClick={() => setConfirming(n)}>
                  {t('note.delete')}
                  <span className="sr-only"> {ref}</span>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
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
    </section>
  );
}
