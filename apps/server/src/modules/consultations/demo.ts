import type { DbOrTx } from '../../db/client.ts';
import * as repo from './repository.ts';

/**
 * The laptop demo's counsellor (README): a profile and weekday hours in São Paulo, so a member on
 * Ouro or Diamante has someone to book. Written once: a counsellor who changed them keeps theirs.
 */
export async function seedDemoCounsellor(db: DbOrTx, userId: string, now: Date): Promise<void> {
  const existing = await repo.findCounsellor(db, userId);
  if (existing) return;
  await repo.activateCounsellor(db, userId, 'Irmã Lúcia Prado', now);
  const day = [
    { start: '09:00', end: '12:00' },
    { start: '14:00', end: '18:00' },
  ];
  await repo.updateCounsellor(db, userId, {
    bio: 'Acompanho pessoas em tempos de luto, ansiedade e recomeço, com escuta, oração e a Palavra. Atendo em português e espanhol.',
    languages: ['pt-BR', 'es-ES'],
    specialties: ['grief', 'anxiety', 'family', 'prayer'],
    sessionMinutes: 50,
    priceCredits: 3000,
    timeZone: 'America/Sao_Paulo',
    bufferMinutes: 10,
    minNoticeMinutes: 120,
    horizonDays: 60,
    cancelCutoffHours: 24,
    accepting: true,
    availability: { weekly: { 1: day, 2: day, 3: day, 4: day, 5: day, 6: [], 7: [] }, overrides: [] },
    updatedAt: now,
  });
}
