import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LOCALE } from '@candeia/shared/constants';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobContext, JobQueue } from '../../jobs/queue.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repo from './repository.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  kind: string;
  replyTo?: string;
  /** The language of the mail (the HTML part's `lang`); pt-BR when not given. */
  locale?: string;
  /**
   * Values that give access (the token of a reset or verification link): with SMTP the copy kept
   * in the outbox has them replaced by REDACTED, and the live copy is dropped once it is sent.
   */
  secrets?: string[];
  /**
   * A calendar invite (iCalendar text, METHOD:REQUEST or METHOD:CANCEL) the mail carries as its
   * calendar part, so mail apps offer to add, move or remove the event.
   */
  ics?: string;
}

/** What a secret becomes in the outbox copy of a mail sent through SMTP. */
export const REDACTED = '[redacted]';
/** The error kept for a mail whose attempt never finished (the process stopped meanwhile). */
export const MAIL_LOST_ATTEMPT = 'The delivery attempt did not finish (the server stopped during it).';
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The METHOD line of an iCalendar text (REQUEST when it has none). */
function icsMethod(ics: string): string {
  return /^METHOD:(\w+)/m.exec(ics)?.[1] ?? 'REQUEST';
}

/** The HTML part of a mail: its text as paragraphs, web addresses as links, every character escaped. */
export function mailHtml(subject: string, text: string, locale: string = DEFAULT_LOCALE): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) =>
      escapeHtml(p)
        .replace(/https?:\/\/[^\s<>"]+?(?=&#39;|&quot;|[\s<>"]|$)/g, (url) => `<a href="${url}">${url}</a>`)
        .replace(/\n/g, '<br>'),
    )
    .map((p) => `<p style="margin:0 0 16px">${p}</p>`)
    .join('\n');
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(locale)}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#fafaf9;color:#1c1917;font-family:Georgia,serif;font-size:16px;line-height:1.6">',
    `<div style="max-width:560px;margin:0 auto">\n${paragraphs}\n</div>`,
    '</body>',
    '</html>',
  ].join('\n');
}

function redact(text: string, secrets: string[]): string {
  return secrets.reduce((out, s) => out.split(s).join(REDACTED), text);
}

/** The password of an SMTP URL, if it has one (as written and decoded). */
function smtpPassword(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const pass = new URL(url).password;
    return pass ? [pass, decodeURIComponent(pass)] : [];
  } catch {
    return [];
  }
}

/**
 * A delivery error as the outbox keeps it: no link token (an SMTP server may quote the message)
 * and no SMTP password, at most 500 characters.
 */
export function redactError(err: unknown, smtpUrl?: string): string {
  const message = err instanceof Error ? err.message : String(err);
  const noTokens = message.replace(/([?&]token=)[^\s&"'<>]+/g, `$1${REDACTED}`);
  return redact(noTokens, smtpPassword(smtpUrl)).slice(0, 500);
}

/**
 * Every message is written to the outbox first. Without SMTP_URL that row is the mail: the admin
 * reads it in /admin (the laptop case), links and all. With SMTP_URL the row is queued and, in
 * the same transaction, a `mail-send` job with the row's id is added to the job queue (decision
 * 014): a worker of any process sends it; a failed attempt is retried with a growing delay, and
 * the row keeps the state, the attempt count and the last error.
 */
export class Mailer {
  private transport: Transporter | null;
  /** 'smtp' when mail leaves through SMTP_URL; 'outbox' when the outbox is the only mailbox. */
  readonly delivery: 'smtp' | 'outbox';

  constructor(
    private db: Db,
    private clock: Clock,
    private config: Config,
    private jobs: JobQueue,
    private log?: FastifyBaseLogger,
  ) {
    this.transport = config.SMTP_URL
      ? nodemailer.createTransport({ url: config.SMTP_URL, ...SMTP_TIMEOUTS } as SMTPTransport.Options)
      : null;
    this.delivery = this.transport ? 'smtp' : 'outbox';
  }

  /** Writes the mail to the outbox and, with SMTP, queues its delivery. Returns the outbox id. */
  async send(msg: MailMessage): Promise<string> {
    const now = this.clock.now();
    const html = mailHtml(msg.subject, msg.text, msg.locale);
    const base = {
      to: msg.to,
      replyTo: msg.replyTo ?? null,
      subject: msg.subject,
      kind: msg.kind,
      ics: msg.ics ?? null,
      createdAt: now,
    };
    if (!this.transport) {
      return repo.insertMail(this.db, { ...base, text: msg.text, html, status: 'outbox' });
    }
    const secrets = (msg.secrets ?? []).filter((s) => s.length > 0);
    const id = await this.db.transaction(async (tx) => {
      const mailId = await repo.insertMail(tx, {
        ...base,
        text: redact(msg.text, secrets),
        html: redact(html, secrets),
        pendingText: secrets.length > 0 ? msg.text : null,
        pendingHtml: secrets.length > 0 ? html : null,
        status: 'queued',
      });
      await this.jobs.enqueue('mail-send', { mailId }, { tx, id: mailId });
      return mailId;
    });
    this.jobs.wake('mail-send');
    return id;
  }

  /**
   * One delivery attempt (the `mail-send` job). A mail already sent or given up is left alone, so
   * a repeated job never sends it twice. Throws when the SMTP server refuses or cannot be
   * reached, so the queue retries it; the row says 'queued' again, or 'failed' after the last.
   */
  async deliver(mailId: string, job: JobContext): Promise<void> {
    if (!this.transport) return;
    const row = await repo.startAttempt(this.db, mailId);
    if (!row) return;
    try {
      await this.transport.sendMail({
        from: this.config.MAIL_FROM,
        to: row.to,
        subject: row.subject,
        text: row.pendingText ?? row.text,
        ...((row.pendingHtml ?? row.html) ? { html: row.pendingHtml ?? row.html! } : {}),
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        ...(row.ics ? { icalEvent: { method: icsMethod(row.ics), filename: 'consulta.ics', content: row.ics } } : {}),
      });
    } catch (err) {
      const error = redactError(err, this.config.SMTP_URL);
      await repo.failAttempt(this.db, mailId, job.lastAttempt ? 'failed' : 'queued', error);
      this.log?.warn({ mailId, kind: row.kind, attempts: row.attempts, failed: job.lastAttempt }, 'mail not sent');
      throw new Error(error);
    }
    // Sent: the live copy (and with it any token) is gone; the outbox keeps the redacted one.
    await repo.markSent(this.db, mailId, this.clock.now());
  }

  /**
   * The dead letter of `mail-send`: its last attempt failed, or its worker stopped during it (the
   * row still says 'sending'). The mail is marked failed; the live copy stays, never shown.
   */
  async giveUp(mailId: string): Promise<void> {
    await repo.giveUpMail(this.db, mailId, MAIL_LOST_ATTEMPT);
  }

  /**
   * Queued mail without a job (written by a version of the app before the job queue) gets one;
   * a mail that has a job keeps it (the job id is the mail's id). Returns how many were queued.
   */
  async requeueWithoutJob(): Promise<number> {
    if (!this.transport) return 0;
    const rows = await repo.pendingMailIds(this.db);
    let queued = 0;
    for (const { id } of rows) if (await this.jobs.enqueue('mail-send', { mailId: id }, { id })) queued++;
    return queued;
  }

  /** Resolves once every mail due has had its attempt (tests); retries waiting for later stay. */
  async drain(): Promise<void> {
    if (this.transport) await this.jobs.settle('mail-send');
  }
}
