import { expect, type Page } from '@playwright/test';
import type { ConversationDto, MessageDto } from '@candeia/shared/schemas/messages';
import { createUser, withDb, type E2EUser } from './fixtures.ts';

/**
 * A counsellor (made as the administration makes one: a counsellors row and the role) and a
 * member with a booking three days ahead, written as the booking service leaves it.
 */
export async function counsellorAndClient(
  displayName = 'Irmã Clara',
  memberName = 'Marta',
): Promise<{ counsellor: E2EUser; member: E2EUser; bookingId: string }> {
  const counsellor = await createUser({ firstName: displayName.split(' ').at(-1)! });
  const member = await createUser({ firstName: memberName });
  const bookingId = await withDb(async (c) => {
    await c.query("UPDATE users SET role = 'counsellor' WHERE id = $1", [counsellor.id]);
    await c.query(
      "INSERT INTO counsellors (user_id, display_name, languages, specialties) VALUES ($1, $2, '{pt-BR}', '{grief}')",
      [counsellor.id, displayName],
    );
    const { rows } = await c.query<{ id: string }>(
      `INSERT INTO consultations (counsellor_id, member_id, starts_at, ends_at, blocked_until, price_credits, cancel_cutoff_hours)
       VALUES ($1, $2, date_trunc('hour', now()) + interval '3 days', date_trunc('hour', now()) + interval '3 days 50 minutes',
               date_trunc('hour', now()) + interval '3 days 60 minutes', 3000, 24)
       RETURNING id`,
      [counsellor.id, member.id],
    );
    return rows[0]!.id;
  });
  return { counsellor, member, bookingId };
}

/** Starts (or opens) the conversation through the API the "Mensagem" button uses. */
export async function conversationWith(page: Page, baseURL: string, userId: string): Promise<ConversationDto> {
  const res = await page.request.post('/api/messages/conversations', {
    data: { userId },
    headers: { origin: baseURL },
  });
  expect([200, 201], await res.text()).toContain(res.status());
  return (await res.json()) as ConversationDto;
}

/** A message sent through the API the composer uses. */
export async function sendThroughApi(page: Page, baseURL: string, conversationId: string, body: string) {
  const res = await page.request.post(`/api/messages/conversations/${conversationId}/messages`, {
    data: { body, clientKey: `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}` },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as MessageDto;
}
