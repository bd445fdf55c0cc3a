import {
  ADMIN_ALERTS_LIMIT,
  AV,
  type AdminAlertDto,
  type AlertDto,
  type AlertsDto,
  type AlertSeverity,
  type AlertAudience,
  type AlertState,
  type alertInputSchema,
} from '@candeia/shared/schemas/alerts';
import { SUPPORTED_LOCALES, type Locale } from '@candeia/shared/constants';
import type { z } from 'zod';
import { requireAdmin } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor, Deps } from '../../types.ts';
import * as repo from './repository.ts';

type Input = z.output<typeof alertInputSchema>;

function messagesOf(stored: Record<string, string>): Record<Locale, string> {
  // Written in the three languages; an alert from before a language was added shows pt-BR there.
  const fallback = stored['pt-BR'] ?? Object.values(stored)[0] ?? '';
  return Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, stored[l] ?? fallback])) as Record<Locale, string>;
}

function toDto(r: Pick<repo.AlertRow, 'id' | 'severity' | 'messages' | 'startsAt' | 'endsAt'>): AlertDto {
  return {
    id: r.id,
    severity: r.severity as AlertSeverity,
    messages: messagesOf(r.messages),
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
  };
}

function stateAt(r: Pick<repo.AlertRow, 'startsAt' | 'endsAt'>, now: Date): AlertState {
  if (r.endsAt.getTime() <= now.getTime()) return 'ended';
  return r.startsAt.getTime() > now.getTime() ? 'scheduled' : 'active';
}

function toAdminDto(r: repo.AlertRow, dismissals: number, now: Date): AdminAlertDto {
  return {
    ...toDto(r),
    audience: r.audience as AlertAudience,
    state: stateAt(r, now),
    dismissals,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The banner: the alerts up now for this reader (a visitor sees only everyone's). */
export async function current(deps: Deps, actor: Actor): Promise<AlertsDto> {
  const rows = await repo.active(deps.db, actor.userId ?? null, deps.clock.now());
  return { alerts: rows.map(toDto) };
}

/** A signed-in member's "dismiss": kept on the server, so it holds on every device. */
export async function dismiss(deps: Deps, actor: Actor, id: string): Promise<{ ok: true }> {
  if (!actor.userId) throw new AppError('AUTH_REQUIRED');
  if (!(await repo.exists(deps.db, id))) throw new AppError('NOT_FOUND');
  await repo.dismiss(deps.db, id, actor.userId, deps.clock.now());
  return { ok: true };
}

export async function adminList(deps: Deps, actor: Actor): Promise<AdminAlertDto[]> {
  requireAdmin(actor);
  const now = deps.clock.now();
  const rows = await repo.adminList(deps.db, ADMIN_ALERTS_LIMIT);
  return rows.map((r) => toAdminDto(r.alert, r.dismissals, now));
}

function values(input: Input): repo.AlertValues {
  return {
    severity: input.severity,
    audience: input.audience,
    messages: { ...input.messages },
    startsAt: input.startsAt,
    endsAt: input.endsAt,
  };
}

function notOver(input: Input, now: Date) {
  // An alert that would end before anyone saw it is a mistake in the dates, not an alert.
  if (input.endsAt.getTime() <= now.getTime())
    throw new AppError('VALIDATION_INVALID_FORMAT', { endsAt: AV.endInPast });
}

export async function create(deps: Deps, actor: Actor, input: Input): Promise<AdminAlertDto> {
  const admin = requireAdmin(actor);
  const now = deps.clock.now();
  notOver(input, now);
  const row = await repo.insert(deps.db, values(input), admin.userId, now);
  return toAdminDto(row, 0, now);
}

export async function update(deps: Deps, actor: Actor, id: string, input: Input): Promise<AdminAlertDto> {
  requireAdmin(actor);
  const now = deps.clock.now();
  notOver(input, now);
  const row = await repo.update(deps.db, id, values(input), now);
  if (!row) throw new AppError('NOT_FOUND');
  return toAdminDto(row, await repo.dismissalCount(deps.db, id), now);
}

/** Takes a running alert down now (one scheduled or ended has nothing to end: 409). */
export async function endNow(deps: Deps, actor: Actor, id: string): Promise<AdminAlertDto> {
  requireAdmin(actor);
  const now = deps.clock.now();
  const found = await repo.find(deps.db, id);
  if (!found) throw new AppError('NOT_FOUND');
  if (stateAt(found, now) !== 'active') throw new AppError('ALERT_NOT_ACTIVE');
  // One that began this very millisecond still ends after it began.
  const startsAt = found.startsAt.getTime() < now.getTime() ? found.startsAt : new Date(now.getTime() - 1);
  const row = await repo.update(deps.db, id, { startsAt, endsAt: now }, now);
  if (!row) throw new AppError('NOT_FOUND');
  return toAdminDto(row, await repo.dismissalCount(deps.db, id), now);
}

export async function remove(deps: Deps, actor: Actor, id: string): Promise<{ ok: true }> {
  requireAdmin(actor);
  if (!(await repo.remove(deps.db, id))) throw new AppError('NOT_FOUND');
  return { ok: true };
}
