import { useTranslation } from 'react-i18next';
import type { BookingStatus } from '@candeia/shared/schemas/consultation';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const TONE: Record<BookingStatus, BadgeTone> = {
  booked: 'brand',
  completed: 'success',
  cancelled: 'neutral',
  no_show: 'warning',
};

/** Where a booking stands: agendada, concluída, cancelada, não compareceu. */
export function StatusBadge({ status }: { status: BookingStatus }) {
  const { t } = useTranslation('consultation');
  return <Badge tone={TONE[status]}>{t(`status.${status}`)}</Badge>;
}
