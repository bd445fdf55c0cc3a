import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon.tsx';

function Action({
  label,
  onClick,
  pressed,
  busy,
  children,
}: {
  label: string;
  onClick: () => void;
  pressed?: boolean;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={pressed}
      disabled={busy}
      aria-busy={busy || undefined}
      className={`flex min-h-14 min-w-0 flex-1 flex-col items-center justify-center gap-0.5 rounded-xl px-1 text-xs font-semibold transition-colors disabled:opacity-60 sm:flex-row sm:gap-2 sm:px-3 sm:text-sm ${
        pressed ? 'bg-rose-50 text-rose-800 hover:bg-rose-100' : 'text-stone-800 hover:bg-stone-100'
      }`}
    >
      {children}
      <span className="max-w-full truncate">{label}</span>
    </button>
  );
}

/**
 * The actions on the selected verses, pinned to the bottom of the screen where a thumb
 * reaches them: copy, share, favourite (a toggle), note, and clear the selection.
 */
export function SelectionBar({
  reference,
  favourite,
  favouriteBusy,
  hasNote,
  onCopy,
  onShare,
  canShare,
  onFavourite,
  onNote,
  onClear,
}: {
  reference: string;
  /** The browser has Web Share; without it the share button copies the link instead. */
  canShare: boolean;
  favourite: boolean;
  favouriteBusy: boolean;
  hasNote: boolean;
  onCopy: () => void;
  onShare: () => void;
  onFavourite: () => void;
  onNote: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('scripture');
  return (
    <div
      role="region"
      aria-label={t('actions.label')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-8px_24px_-12px_rgba(0,0,0,0.25)] backdrop-blur"
    >
      <div className="mx-auto max-w-3xl px-3 py-2 sm:px-6">
        <div className="flex items-center justify-between gap-2">
          <p className="truncate text-sm font-semibold text-stone-900">{t('actions.selected', { reference })}</p>
          <button
            type="button"
            onClick={onClear}
            className="inline-flex min-h-10 shrink-0 items-center gap-1 rounded-lg px-2 text-sm font-medium text-stone-700 hover:bg-stone-100"
          >
            <Icon className="h-4 w-4">
              <path d="M6 6l12 12M18 6 6 18" />
            </Icon>
            {t('actions.clear')}
          </button>
        </div>
        <div className="mt-1 flex gap-1">
          <Action label={t('actions.copy')} onClick={onCopy}>
            <Icon className="h-5 w-5">
              <rect x="9" y="9" width="11" height="11" rx="2" />
              <path d="M5 15V5a2 2 0 0 1 2-2h8" />
            </Icon>
          </Action>
          <Action label={canShare ? t('actions.share') : t('actions.copyLink')} onClick={onShare}>
            <Icon className="h-5 w-5">
              <circle cx="18" cy="5" r="2.5" />
              <circle cx="6" cy="12" r="2.5" />
              <circle cx="18" cy="19" r="2.5" />
              <path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4" />
            </Icon>
          </Action>
          <Action label={t('actions.favourite')} onClick={onFavourite} pressed={favourite} busy={favouriteBusy}>
            <Icon className="h-5 w-5">
              <path
                d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
                fill={favourite ? 'currentColor' : 'none'}
              />
            </Icon>
          </Action>
          <Action label={hasNote ? t('actions.editNote') : t('actions.note')} onClick={onNote}>
            <Icon className="h-5 w-5">
              <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
            </Icon>
          </Action>
        </div>
      </div>
    </div>
  );
}
