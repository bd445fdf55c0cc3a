import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';

/** One section of the settings page: a card with its heading, reachable by `#id`. */
export function SettingsSection({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-24">
      <Card className="p-5 sm:p-6">
        <h2 id={headingId} className="font-serif text-xl font-semibold text-stone-900">
          {title}
        </h2>
        {lead ? <p className="mt-1 text-sm text-stone-600">{lead}</p> : null}
        <div className="mt-5">{children}</div>
      </Card>
    </section>
  );
}
