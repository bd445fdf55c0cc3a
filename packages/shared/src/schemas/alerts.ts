import { z } from 'zod';
import { SUPPORTED_LOCALES, type Locale } from '../constants.ts';

/**
 * Site alerts: a banner an administrator writes (maintenance, an incident), in the three
 * languages, shown between a start and an end to everyone or to signed-in members, until each
 * reader dismisses it. Every instant on the wire is an ISO-8601 UTC string.
 */

export const ALERT_SEVERITIES = ['info', 'warning', 'critical'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export const ALERT_AUDIENCES = ['everyone', 'members'] as const;
export type AlertAudience = (typeof ALERT_AUDIENCES)[number];

/** Characters in one language's message: a banner is a sentence or two. */
export const ALERT_MESSAGE_MAX = 280;
/** The longest an alert may stay up: a banner is for an event, not a permanent notice. */
export const ALERT_MAX_DAYS = 90;
/** The alerts the admin's list shows (newest first). */
export const ADMIN_ALERTS_LIMIT = 100;

/** Validation messages (keys of the `validation` namespace). */
export const AV = {
  messageRequired: 'validation:alerts.messageRequired',
  messageTooLong: 'validation:alerts.messageTooLong',
  startInvalid: 'validation:alerts.startInvalid',
  endInvalid: 'validation:alerts.endInvalid',
  endBeforeStart: 'validation:alerts.endBeforeStart',
  tooLong: 'validation:alerts.tooLong',
  endInPast: 'validation:alerts.endInPast',
} as const;

/** Control characters other than a tab or a line break. */
const isControl = (code: number) => (code < 32 && code !== 9 && code !== 10) || code === 127;

const message = z
  .string({ error: AV.messageRequired })
  .trim()
  .min(1, AV.messageRequired)
  .max(ALERT_MESSAGE_MAX, AV.messageTooLong)
  // One line of text: no control characters (a banner is not a document).
  .refine((v) => ![...v].some((c) => isControl(c.charCodeAt(0))), AV.messageRequired);

const instant = (error: string) => z.iso.datetime({ offset: true, error }).transform((v) => new Date(v));

/** What an administrator writes: the message in each language, severity, audience, start and end. */
export const alertInputSchema = z
  .strictObject({
    severity: z.enum(ALERT_SEVERITIES),
    audience: z.enum(ALERT_AUDIENCES),
    messages: z.strictObject(
      Object.fromEntries(SUPPORTED_LOCALES.map((l) => [l, message])) as Record<Locale, typeof message>,
    ),
    startsAt: instant(AV.startInvalid),
    endsAt: instant(AV.endInvalid),
  })
  .superRefine((v, ctx) => {
    // A date already refused has its own message.
    if (!(v.startsAt instanceof Date) || !(v.endsAt instanceof Date)) return;
    if (v.endsAt.getTime() <= v.startsAt.getTime())
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: AV.endBeforeStart });
    else if (v.endsAt.getTime() - v.startsAt.getTime() > ALERT_MAX_DAYS * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: AV.tooLong });
  });
export type AlertInput = z.input<typeof alertInputSchema>;

export const alertParamsSchema = z.strictObject({ id: z.uuid() });

/** An alert as the banner shows it: the message in every language, so a language switch needs no fetch. */
export interface AlertDto {
  id: string;
  severity: AlertSeverity;
  messages: Record<Locale, string>;
  startsAt: string;
  endsAt: string;
}

export interface AlertsDto {
  alerts: AlertDto[];
}

/** Where an alert stands now (the admin's list). */
export type AlertState = 'scheduled' | 'active' | 'ended';

export interface AdminAlertDto extends AlertDto {
  audience: AlertAudience;
  state: AlertState;
  /** Signed-in members who dismissed it. */
  dismissals: number;
  createdAt: string;
  updatedAt: string;
}
