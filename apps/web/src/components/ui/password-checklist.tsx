import { PASSWORD_MIN, PASSWORD_SPECIALS } from '@candeia/shared/constants';

export type PasswordRule = 'min' | 'lower' | 'upper' | 'number' | 'special';

const specials = new Set(PASSWORD_SPECIALS.split(''));

/** The sign-up password rules (SPEC.md §5), checked as the user types. */
export const PASSWORD_RULES: Record<PasswordRule, (v: string) => boolean> = {
  min: (v) => v.length >= PASSWORD_MIN,
  lower: (v) => /[a-z]/.test(v),
  upper: (v) => /[A-Z]/.test(v),
  number: (v) => /[0-9]/.test(v),
  special: (v) => [...v].some((c) => specials.has(c)),
};

/** A live checklist of the password rules; texts come from the caller. */
export function PasswordChecklist({
  password,
  labels,
  metLabel,
  unmetLabel,
  title,
  id,
}: {
  password: string;
  labels: Record<PasswordRule, string>;
  /** Screen-reader suffix of a satisfied rule, for example "done". */
  metLabel: string;
  /** Screen-reader suffix of a missing rule. */
  unmetLabel: string;
  title: string;
  id?: string;
}) {
  return (
    <div id={id} className="rounded-lg bg-stone-50 p-3">
      <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-stone-500">{title}</p>
      <ul className="grid gap-1 text-sm sm:grid-cols-2">
        {(Object.keys(PASSWORD_RULES) as PasswordRule[]).map((rule) => {
          const met = PASSWORD_RULES[rule](password);
          return (
            <li key={rule} className={`flex items-center gap-2 ${met ? 'text-emerald-800' : 'text-stone-600'}`}>
              <span
                aria-hidden="true"
                className={`flex h-4 w-4 shrink-0 items-center justify-center rounded-full text-[10px] font-bold ${
                  met ? 'bg-emerald-600 text-white' : 'border border-stone-400'
                }`}
              >
                {met ? '✓' : ''}
              </span>
              <span>
                {labels[rule]}
                <span className="sr-only">{` (${met ? metLabel : unmetLabel})`}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
