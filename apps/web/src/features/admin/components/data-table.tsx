import type { ReactNode } from 'react';

/** The wide-screen table of an admin list: a captioned table with one header row; the rows come as children. */
export function DataTable({ caption, columns, children }: { caption: string; columns: string[]; children: ReactNode }) {
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm md:block">
      <table className="min-w-full divide-y divide-stone-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-stone-50">
          <tr>
            {columns.map((c, i) => (
              <th
                key={i}
                scope="col"
                className="px-3 py-3 text-left text-xs font-semibold uppercase tracking-wide text-stone-500"
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">{children}</tbody>
      </table>
    </div>
  );
}
