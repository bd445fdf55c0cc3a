import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';

/** The File Handling API (installed app opened with a .txt file); not in the DOM typings yet. */
interface LaunchParams {
  files: readonly FileSystemFileHandle[];
}
interface LaunchQueue {
  setConsumer(consumer: (params: LaunchParams) => void): void;
}

const MAX_BYTES = 2 * 1024 * 1024;

type Shown = { name: string; text: string } | { error: 'empty' | 'error' | 'wrongType' } | null;

async function readText(file: File): Promise<Shown> {
  const isText = file.type === 'text/plain' || /\.txt$/i.test(file.name);
  if (!isText || file.size > MAX_BYTES) return { error: 'wrongType' };
  try {
    const text = await file.text();
    return text.trim() ? { name: file.name, text } : { error: 'empty' };
  } catch {
    return { error: 'error' };
  }
}

/** /open-file: shows the text of a .txt file opened with the installed app, or chosen here. */
export default function OpenFilePage() {
  const { t } = useTranslation(['pwa', 'common']);
  useDocumentTitle(t('openFile.title'));
  const inputId = useId();
  const [shown, setShown] = useState<Shown>(null);

  useEffect(() => {
    const queue = (window as Window & { launchQueue?: LaunchQueue }).launchQueue;
    if (!queue) return;
    queue.setConsumer((params) => {
      const handle = params.files[0];
      if (!handle) return;
      handle
        .getFile()
        .then(readText)
        .then(setShown, () => setShown({ error: 'error' }));
    });
  }, []);

  const onPick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) setShown(await readText(file));
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">
        {t('openFile.title')}
      </h1>
      <p className="mt-4 text-lg text-stone-600">{t('openFile.intro')}</p>
      {shown && 'text' in shown ? null : <p className="mt-2 text-stone-600">{t('openFile.noLaunch')}</p>}

      {/* The native control stays (keyboard, screen readers); its untranslatable button text is hidden. */}
      <div className="mt-6">
        <input id={inputId} type="file" accept=".txt,text/plain" onChange={onPick} className="peer sr-only" />
        <label
          htmlFor={inputId}
          className={buttonClasses({
            variant: 'secondary',
            size: 'lg',
            className:
              'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
          })}
        >
          {t('openFile.choose')}
        </label>
      </div>

      <div aria-live="polite">
        {shown && 'error' in shown ? (
          <p role="alert" className="mt-6 rounded-xl bg-red-50 p-4 text-red-900 ring-1 ring-red-200">
            {t(`openFile.${shown.error}`)}
          </p>
        ) : null}
        {shown && 'text' in shown ? (
          <section className="mt-6 rounded-2xl bg-white shadow-sm ring-1 ring-stone-200">
            <h2 className="border-b border-stone-100 px-5 py-3 text-sm font-semibold text-stone-600">
              {t('openFile.fileName', { name: shown.name })}
            </h2>
            <pre className="max-h-[60vh] overflow-auto whitespace-pre-wrap break-words p-5 font-serif text-base leading-relaxed text-stone-800">
              {shown.text}
            </pre>
          </section>
        ) : null}
      </div>
    </div>
  );
}
