import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
}

const MAX_TOASTS = 3;
const TOAST_MS = 4000;

const ToastContext = createContext<((t: Omit<Toast, 'id'>) => void) | null>(null);

/** Up to 3 toasts at once, 4 seconds each, 356 px wide (SPEC.md §9). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const push = useCallback(
    (t: Omit<Toast, 'id'>) => {
      const id = next.current++;
      setToasts((all) => [...all, { ...t, id }].slice(-MAX_TOASTS));
      setTimeout(() => dismiss(id), TOAST_MS);
    },
    [dismiss],
  );
  const value = useMemo(() => push, [push]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <ol
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex flex-col items-center gap-2 p-4 sm:inset-x-auto sm:right-0 sm:items-end"
      >
        {toasts.map((t) => (
          <li
            key={t.id}
            style={{ width: 356, maxWidth: '100%' }}
            className={`pointer-events-auto rounded-lg border p-4 shadow-lg ${
              t.variant === 'destructive'
                ? 'border-red-800 bg-red-700 text-white'
                : t.variant === 'success'
                  ? 'border-emerald-200 bg-emerald-50 text-emerald-950'
                  : 'border-stone-200 bg-white text-stone-900'
            }`}
          >
            {/* The list stays a list; an error is announced at once, the rest by the polite list. */}
            <div role={t.variant === 'destructive' ? 'alert' : undefined}>
              <p className="font-semibold">{t.title}</p>
              {t.description ? <p className="mt-1 text-sm opacity-90">{t.description}</p> : null}
            </div>
          </li>
        ))}
      </ol>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside ToastProvider');
  return ctx;
}
