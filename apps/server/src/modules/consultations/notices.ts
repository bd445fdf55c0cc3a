import type { Locale } from '@candeia/shared/constants';
import { translate } from '@candeia/shared/i18n/server';
import { paths } from '@candeia/shared/routes';
import type { JobPayloads } from '../../jobs/queue.ts';
import type { Deps } from '../../types.ts';
import { notify, wantsEmail } from '../notifications/index.ts';
import * as repo from './repository.ts';
import { localeOf } from './service.ts';

type Notice = JobPayloads['consultation-notice'];

/** `20231105T130000Z`: an instant as iCalendar writes it in UTC. */
const icsTime = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Escapes a TEXT value (RFC 5545 §3.3.11) and folds lines over 75 octets. */
const icsText = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest, 'utf8') > 75) {
    let cut = 75 - (parts.length ? 1 : 0);
    while (Buffer.byteLength(rest.slice(0, cut), 'utf8') > 75 - (parts.length ? 1 : 0)) cut -= 1;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  return parts.join('\r\n ');
}

/**
 * The calendar invite of a booking (RFC 5546): METHOD:REQUEST for a booking or a move (the
 * same UID, SEQUENCE = its version, so calendars update the one event), METHOD:CANCEL with a
 * higher SEQUENCE when it is cancelled.
 */
export function bookingIcs(
  b: Pick<
    repo.BookingRow,
    'id' | 'startsAt' | 'endsAt' | 'version' | 'counsellorName' | 'counsellorEmail' | 'memberEmail'
  >,
  o: { method: 'REQUEST' | 'CANCEL'; summary: string; description: string; url: string; organizer: string; now: Date },
): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Candeia//Consultas//PT',
    'CALSCALE:GREGORIAN',
    `METHOD:${o.method}`,
    'BEGIN:VEVENT',
    `UID:consultation-${b.id}@candeia.app`,
    `SEQUENCE:${o.method === 'CANCEL' ? b.version + 1 : b.version}`,
    `DTSTAMP:${icsTime(o.now)}`,
    `DTSTART:${icsTime(b.startsAt)}`,
    `DTEND:${icsTime(b.endsAt)}`,
    `SUMMARY:${icsText(o.summary)}`,
    `DESCRIPTION:${icsText(o.description)}`,
    `URL:${o.url}`,
    `ORGANIZER;CN=Candeia:mailto:${o.organizer}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT;CN=${icsText(b.counsellorName).replace(/[:"]/g, '')}:mailto:${b.counsellorEmail}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT:mailto:${b.memberEmail}`,
    `STATUS:${o.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    ...(o.method === 'CANCEL'
      ? []
      : ['BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:Candeia', 'TRIGGER:-PT15M', 'END:VALARM']),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** A date and time as its reader reads it: their language, their zone, the zone named. */
export function formatWhen(d: Date, locale: Locale, zone: string): string {
  return (
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'full',
      timeStyle: 'short',
      timeZone: zone,
    }).format(d) + ` (${zone})`
  );
}

function organizerAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from;
}

/**
 * Sends a booking's notice to both sides, once (the job may run again: a notice already sent is
 * recorded in consultation_notices). A notice for an older version (the booking was moved since)
 * or a reminder of a booking no longer booked is dropped.
 */
export async function sendNotice(deps: Deps, n: Notice): Promise<'sent' | 'stale' | 'repeat'> {
  const b = await repo.findBooking(deps.db, n.consultationId);
  if (!b) return 'stale';
  const reminder = n.event === 'reminder-24h' || n.event === 'reminder-1h';
  if (b.version !== n.version && n.event !== 'cancelled') return 'stale';
  if (reminder && b.status !== 'booked') return 'stale';
  const now = deps.clock.now();
  if (!(await repo.claimReminder(deps.db, b.id, n.event, n.version, now))) return 'repeat';
  try {
    const base = deps.config.APP_URL.replace(/\/$/, '');
    const sides = [
      {
        userId: b.memberId,
        to: b.memberEmail,
        locale: localeOf(b.memberLocale),
        zone: b.memberTimeZone,
        name: b.memberFirstName,
        other: b.counsellorName,
        url: `${base}${paths.consultation()}`,
      },
      {
        userId: b.counsellorId,
        to: b.counsellorEmail,
        locale: localeOf(b.counsellorLocale),
        zone: b.counsellorZone,
        name: b.counsellorName,
        other: `${b.memberFirstName} ${b.memberLastName}`.trim(),
        url: `${base}${paths.consultationCounsellor()}`,
      },
    ];
    // In the app too, for both sides (once: the key holds the booking's version), and pushed to
    // their devices as they chose. The mail is this notice's own (with the calendar invite), sent
    // to those who keep booking e-mails on.
    const told = [
      { userId: b.memberId, role: 'member', other: b.counsellorName, zone: b.memberTimeZone },
      {
        userId: b.counsellorId,
        role: 'counsellor',
        other: `${b.memberFirstName} ${b.memberLastName}`.trim(),
        zone: b.counsellorZone,
      },
    ];
    for (const side of told)
      await notify(
        deps.db,
        {
          userId: side.userId,
          type: 'consultation',
          data: {
            consultationId: b.id,
            event: n.event,
            startsAt: b.startsAt.toISOString(),
            role: side.role,
            other: side.other,
            zone: side.zone,
          },
          key: `consultation:${b.id}:${n.event}:${n.version}`,
          ownMail: true,
        },
        now,
      );
    const method = n.event === 'cancelled' ? 'CANCEL' : 'REQUEST';
    for (const side of sides) {
      if (!(await wantsEmail(deps.db, side.userId, 'consultation'))) continue;
      const params = {
        name: side.name,
        other: side.other,
        when: formatWhen(b.startsAt, side.locale, side.zone),
        minutes: Math.round((b.endsAt.getTime() - b.startsAt.getTime()) / 60_000),
        link: side.url,
        room: `${base}${paths.consultationRoom(b.id)}`,
      };
      const subject = translate(side.locale, `mail:consultation.${n.event}.subject`, params);
      const text = translate(side.locale, `mail:consultation.${n.event}.body`, params);
      const withIcs = n.event === 'booked' || n.event === 'moved' || n.event === 'cancelled';
      await deps.mailer.send({
        to: side.to,
        subject,
        text,
        kind: `consultation-${n.event}`,
        locale: side.locale,
        ...(withIcs
          ? {
              ics: bookingIcs(b, {
                method,
                summary: translate(side.locale, 'mail:consultation.summary', params),
                description: text,
                url: side.url,
                organizer: organizerAddress(deps.config.MAIL_FROM),
                now,
              }),
            }
          : {}),
      });
    }
  } catch (err) {
    // Not sent: the record goes, so the job's retry sends it.
    await repo.releaseReminder(deps.db, b.id, n.event, n.version);
    throw err;
  }
  return 'sent';
}
