import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from './client.ts';
import { users } from './schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { newReferralCode } from '../lib/tokens.ts';
import { startTrial } from '../modules/billing/index.ts';
import { seedDemoPosts } from '../modules/community/index.ts';
import { seedDemoCounsellor } from '../modules/consultations/index.ts';
import { insertUser, findUserByEmail } from '../modules/auth/index.ts';

/** Demo accounts for a laptop run (README lists them). Never created when they exist. */
export const DEMO_USERS = [
  { email: 'demo@candeia.app', firstName: 'Maria', lastName: 'Silva', role: 'user' },
  { email: 'admin@candeia.app', firstName: 'Ana', lastName: 'Admin', role: 'admin' },
  { email: 'conselheira@candeia.app', firstName: 'Lúcia', lastName: 'Prado', role: 'counsellor' },
] as const;
export const DEMO_PASSWORD = 'Candeia@2026';

export async function seedDemo(db: Db, now: Date): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    if (await findUserByEmail(db, u.email)) continue;
    await db.transaction(async (tx) => {
      const row = await insertUser(tx, {
        ...u,
        passwordHash: hash,
        phone: '+55 11 91234-5678',
        country: 'Brasil',
        city: 'São Paulo',
        state: 'SP',
        birthDate: '1990-05-12',
        gender: 'female',
        locale: 'pt-BR',
        referralCode: newReferralCode(),
        // Demo addresses are not real mailboxes: they are created verified.
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      await startTrial(tx, row.id, now);
    });
  }
  const [member, admin, counsellor] = await Promise.all(DEMO_USERS.map((u) => findUserByEmail(db, u.email)));
  if (member && admin) await seedDemoPosts({ db, clock: { now: () => now } }, member.id, admin.id);
  if (counsellor) await seedDemoCounsellor(db, counsellor.id, now);
}

/**
 * ADMIN_EMAILS grants the admin role at start-up, to verified addresses only: whoever signs up
 * first with a listed address must also prove they read its mail (the rest are promoted when
 * they verify, auth/service.ts).
 */
export async function grantAdmins(db: Db, emails: string[]): Promise<void> {
  if (emails.length === 0) return;
  await db
    .update(users)
    .set({ role: 'admin' })
    .where(and(inArray(users.email, emails), isNotNull(users.emailVerifiedAt)));
}
