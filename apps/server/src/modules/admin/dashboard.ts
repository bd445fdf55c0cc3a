import type { z } from 'zod';
import type { DashboardDto, dashboardQuerySchema } from '@candeia/shared/schemas/dashboard';
import { requireAdmin } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { PG, pgCode } from '../../lib/pg-errors.ts';
import type { Actor, Deps } from '../../types.ts';
import * as repo from './dashboard-repository.ts';

/**
 * GET /api/admin/dashboard: the range's days in the reader's zone and, for each, what happened
 * (decision 028). Everything is read from the database as it stands.
 */
export async function dashboard(
  deps: Deps,
  actor: Actor,
  q: z.output<typeof dashboardQuerySchema>,
): Promise<DashboardDto> {
  requireAdmin(actor);
  let range: repo.Range;
  try {
    range = await repo.rangeOf(deps.db, deps.clock.now(), q.days, q.tz);
  } catch (err) {
    // A zone the runtime knows and PostgreSQL does not.
    if (pgCode(err) === PG.invalidParameterValue)
      throw new AppError('VALIDATION_INVALID_FORMAT', { tz: 'errors:VALIDATION_INVALID_FORMAT' });
    throw err;
  }
  const [days, newMembers, trialsStarted, trialsConverted, creditsSpent, chatAnswers, posts, money, plans] =
    await Promise.all([
      repo.daysOf(deps.db, range),
      repo.newMembers(deps.db, range),
      repo.trialsStarted(deps.db, range),
      repo.trialsConverted(deps.db, range),
      repo.creditsSpent(deps.db, range),
      repo.chatAnswers(deps.db, range),
      repo.posts(deps.db, range),
      repo.revenue(deps.db, range),
      repo.activeByPlan(deps.db, range),
    ]);
  const index = new Map(days.map((d, i) => [d, i]));
  const zeros = () => days.map(() => 0);

  const currencies = new Map<string, { currency: string; subscriptions: number[]; donations: number[] }>();
  const currency = (c: string) => {
    let entry = currencies.get(c);
    if (!entry) currencies.set(c, (entry = { currency: c, subscriptions: zeros(), donations: zeros() }));
    return entry;
  };
  for (const [rows, field] of [
    [money.subs, 'subscriptions'],
    [money.gifts, 'donations'],
  ] as const) {
    for (const r of rows) {
      const i = index.get(r.day);
      if (r.k && i !== undefined) currency(r.k)[field][i] = r.n;
    }
  }
  // The plans' currency is always shown, with zeros when nothing came in.
  if (currencies.size === 0) currency('BRL');

  const byPlan = new Map<string, { planId: string; name: string; counts: number[] }>();
  for (const r of plans) {
    let entry = byPlan.get(r.planId);
    if (!entry) byPlan.set(r.planId, (entry = { planId: r.planId, name: r.name, counts: zeros() }));
    entry.counts[index.get(r.day)!] = r.n;
  }

  return {
    from: range.first,
    to: range.last,
    timeZone: range.tz,
    days,
    newMembers,
    trialsStarted,
    trialsConverted,
    activeByPlan: [...byPlan.values()].filter((p) => p.counts.some((n) => n > 0)),
    revenue: [...currencies.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    creditsSpent,
    chatAnswers,
    posts,
  };
}
