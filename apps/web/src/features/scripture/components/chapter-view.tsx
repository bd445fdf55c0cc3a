import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { ChapterDto, NoteDto, TextDto } from '@candeia/shared/schemas/scripture';
import { paths, type ScriptureArea } from '@candeia/shared/routes';
import { useToast } from '../../../components/ui/toast.tsx';
import { useChapter } from '../api/get-chapter.ts';
import { useChapterAnnotations } from '../api/get-chapter-annotations.ts';
import { useCreateFavourite } from '../api/create-favourite.ts';
import { useCreateNote } from '../api/create-note.ts';
import { useDeleteFavourite } from '../api/delete-favourite.ts';
import { useUpdateNote } from '../api/update-note.ts';
import { useActionError } from '../hooks/use-action-error.ts';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { FONT_SIZES, type ReaderPrefs } from '../lib/prefs.ts';
import { formatReference } from '@candeia/shared/scripture';
import { excerptOf, formatPassage } from '../lib/reference.ts';
import { parseVerseHash, sameRange, selectionHash, toggleVerse, type Selection } from '../lib/selection.ts';
import { ChapterNotes } from './chapter-notes.tsx';
import { ChapterText } from './chapter-text.tsx';
import { NoteDialog } from './note-dialog.tsx';
import { SelectionBar } from './selection-bar.tsx';

const same = (a: Selection, b: Selection) => (a?.start ?? 0) === (b?.start ?? 0) && (a?.end ?? 0) === (b?.end ?? 0);

/**
 * The chapter's text with verse selection and its actions (copy, share, favourite, note),
 * the user's marks, the parallel Bible, and the notes written on this chapter. The
 * selection lives in the URL fragment (#v16, #v16-18), so a link can point at verses.
 */
export function ChapterView({
  area,
  data,
  prefs,
  parallel,
}: {
  area: ScriptureArea;
  data: ChapterDto;
  prefs: ReaderPrefs;
  parallel: TextDto | null;
}) {
  const { t } = useTranslation('scripture');
  const toast = useToast();
  const actionError = useActionError();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const helpId = useId();
  const lastVerse = data.verses[data.verses.length - 1]?.n ?? 1;
  const [selection, setSelection] = useState<Selection>(() => parseVerseHash(hash, lastVerse));
  const current = useRef(selection);
  current.current = selection;
  const [noteFor, setNoteFor] = useState<{ start: number; end: number; note: NoteDto | null } | null>(null);

  const annotations = useChapterAnnotations(data.text.id, data.book.code, data.chapter);
  const favourites = annotations.data?.favourites ?? [];
  const notes = annotations.data?.notes ?? [];
  const createFavourite = useCreateFavourite();
  const deleteFavourite = useDeleteFavourite();
  const createNote = useCreateNote();
  const updateNote = useUpdateNote();

  // A link to verses of this chapter (#v16) selects them and brings them into view; a
  // selection made here only writes the fragment, and the page stays where it is.
  const firstRun = useRef(true);
  useEffect(() => {
    const target = parseVerseHash(hash, lastVerse);
    const changed = !same(target, current.current);
    if (changed) setSelection(target);
    if (target && (changed || firstRun.current))
      document.getElementById(`v${target.start}`)?.scrollIntoView({ block: 'center' });
    firstRun.current = false;
  }, [hash, lastVerse]);

  const select = (next: Selection) => {
    setSelection(next);
    current.current = next;
    navigate({ hash: selectionHash(next) }, { replace: true, preventScrollReset: true });
  };

  const wide = useMediaQuery('(min-width: 1024px)');
  const second = useChapter(parallel?.id ?? '', data.book.code, data.chapter, !!parallel);
  const [showSecond, setShowSecond] = useState(false);

  const passage = selection
    ? formatPassage({
        verses: data.verses,
        start: selection.start,
        end: selection.end,
        bookName: data.book.name,
        chapter: data.chapter,
        abbreviation: data.text.abbreviation,
      })
    : null;
  const favourite = sameRange(favourites, selection);
  const note = sameRange(notes, selection);

  const copy = async () => {
    if (!passage) return;
    try {
      await navigator.clipboard.writeText(passage.full);
      toast({ variant: 'success', title: t('actions.copied'), description: passage.reference });
    } catch {
      toast({ variant: 'destructive', title: t('actions.copyFailed') });
    }
  };

  const canShare = typeof navigator.share === 'function';
  const share = async () => {
    if (!passage || !selection) return;
    const url = `${window.location.origin}${paths.chapter(area, data.text.id, data.book.code, data.chapter, selection.start, selection.end)}`;
    if (!canShare) {
      // No Web Share here (most desktop browsers): the button says "Copiar link" and does it.
      try {
        await navigator.clipboard.writeText(url);
        toast({ variant: 'success', title: t('actions.linkCopied'), description: passage.reference });
      } catch {
        toast({ variant: 'destructive', title: t('share.unsupportedTitle'), description: t('share.unsupportedText') });
      }
      return;
    }
    try {
      await navigator.share({ title: passage.reference, text: passage.full, url });
    } catch (err) {
      if ((err as Error).name !== 'AbortError') toast({ variant: 'destructive', title: t('share.failed') });
    }
  };

  const toggleFavourite = async () => {
    if (!selection) return;
    try {
      if (favourite) {
        await deleteFavourite.mutateAsync(favourite.id);
        toast({ variant: 'success', title: t('favourites.removed'), description: passage?.reference });
      } else {
        await createFavourite.mutateAsync({
          textId: data.text.id,
          book: data.book.code,
          chapter: data.chapter,
          verseStart: selection.start,
          verseEnd: selection.end,
        });
        toast({ variant: 'success', title: t('favourites.added'), description: passage?.reference });
      }
    } catch (err) {
      toast({ variant: 'destructive', ...actionError(err) });
    }
  };

  const saveNote = async (body: string) => {
    if (!noteFor) return;
    if (noteFor.note) await updateNote.mutateAsync({ id: noteFor.note.id, body });
    else
      await createNote.mutateAsync({
        textId: data.text.id,
        book: data.book.code,
        chapter: data.chapter,
        verseStart: noteFor.start,
        verseEnd: noteFor.end,
        body,
      });
    toast({ variant: 'success', title: t('note.saved') });
  };

  const fontClass = FONT_SIZES[prefs.fontSize]!.className;
  const companion =
    parallel && wide && second.data
      ? {
          verses: second.data.verses,
          lang: second.data.text.language,
          label: `${second.data.text.title} (${second.data.text.abbreviation})`,
          primaryLabel: `${data.text.title} (${data.text.abbreviation})`,
        }
      : undefined;
  const phoneSecond = parallel && !wide && showSecond;

  return (
    <>
      <p id={helpId} className="sr-only">
        {t('reader.selectHelp')}
      </p>
      {parallel && !wide ? (
        <div
          role="group"
          aria-label={t('reader.parallelToggle')}
          className="mt-6 flex gap-1 rounded-xl bg-stone-100 p-1"
        >
          {[
            { id: false, label: data.text.abbreviation, title: data.text.title },
            { id: true, label: parallel.abbreviation, title: parallel.title },
          ].map((o) => (
            <button
              key={String(o.id)}
              type="button"
              aria-pressed={showSecond === o.id}
              onClick={() => setShowSecond(o.id)}
              className={`min-h-10 flex-1 rounded-lg px-3 text-sm font-semibold ${
                showSecond === o.id ? 'bg-white text-brand-900 shadow-sm' : 'text-stone-700 hover:text-stone-900'
              }`}
            >
              <span className="sr-only">{o.title} </span>
              <span aria-hidden="true">{o.label}</span>
            </button>
          ))}
        </div>
      ) : null}
      {parallel && second.error && (wide || showSecond) ? (
        <p className="mt-4 rounded-xl bg-stone-100 p-3 text-sm text-stone-700">
          {t('reader.parallelMissing', { text: parallel.title })}
        </p>
      ) : null}

      <div
        className={`mt-6 font-serif leading-[1.8] text-stone-900 ${fontClass} ${
          companion ? '' : 'mx-auto max-w-[40rem]'
        }`}
      >
        {phoneSecond && second.data ? (
          <ChapterText
            verses={second.data.verses}
            lang={second.data.text.language}
            verseNumbers={prefs.verseNumbers}
            idPrefix="p-"
          />
        ) : (
          <ChapterText
            verses={data.verses}
            lang={data.text.language}
            verseNumbers={prefs.verseNumbers}
            describedBy={helpId}
            companion={companion}
            interactive={{
              selection,
              onToggle: (n, extend) => select(toggleVerse(current.current, n, extend)),
              onClear: () => select(null),
              favourites,
              notes,
            }}
          />
        )}
      </div>

      <ChapterNotes
        area={area}
        data={data}
        notes={notes}
        onEdit={(n) => setNoteFor({ start: n.verseStart, end: n.verseEnd, note: n })}
      />

      {selection && passage ? (
        <SelectionBar
          reference={formatReference(data.book.name, data.chapter, selection.start, selection.end)}
          favourite={!!favourite}
          favouriteBusy={createFavourite.isPending || deleteFavourite.isPending}
          hasNote={!!note}
          onCopy={() => void copy()}
          onShare={() => void share()}
          canShare={canShare}
          onFavourite={() => void toggleFavourite()}
          onNote={() => setNoteFor({ start: selection.start, end: selection.end, note: note ?? null })}
          onClear={() => select(null)}
        />
      ) : null}

      {noteFor ? (
        <NoteDialog
          open
          onOpenChange={(o) => (o ? undefined : setNoteFor(null))}
          reference={`${formatReference(data.book.name, data.chapter, noteFor.start, noteFor.end)} (${data.text.abbreviation})`}
          excerpt={excerptOf(
            data.verses
              .filter((v) => v.n >= noteFor.start && v.n <= noteFor.end)
              .map((v) => v.t)
              .join(' '),
          )}
          initialBody={noteFor.note?.body}
          onSave={saveNote}
        />
      ) : null}
    </>
  );
}
