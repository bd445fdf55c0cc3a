import { Button } from './button.tsx';

/** Previous / next paging with a "page x of y" summary; all texts come from the caller. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  previousLabel,
  nextLabel,
  summary,
  label,
  disabled = false,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  previousLabel: string;
  nextLabel: string;
  /** For example "Page 2 of 5 · 93 records". */
  summary: string;
  /** Accessible name of the navigation region. */
  label: string;
  disabled?: boolean;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 pt-4">
      <p className="text-sm text-stone-600" aria-live="polite">
        {summary}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={disabled || page <= 1} onClick={() => onPageChange(page - 1)}>
          <span aria-hidden="true">←</span>
          {previousLabel}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={disabled || page >= pageCount}
          onClick={() => onPageChange(page + 1)}
        >
          {nextLabel}
          <span aria-hidden="true">→</span>
        </Button>
      </div>
    </nav>
  );
}
