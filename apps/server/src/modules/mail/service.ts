import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, MINUTE_MS } from '@candeia/shared/constants';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { loggableError } from '../../lib/loggable-error.ts';

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
}

/** What a secret becomes in the outbox copy of a mail sent through SMTP. */
export const REDACTED = '[redacted]';
/** Attempts before a mail is marked failed (1, 2, 4, 8 minutes apart). */
export const MAIL_MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = MINUTE_MS;
/** A mail being sent is claimed this long: if the process dies meanwhile, a later sweep retries it. */
const SENDING_LEASE_MS = 5 * MINUTE_MS;
const SWEEP_BATCH = 50;
/** How often the server looks for mail due for another attempt (runtime.ts). */
export const MAIL_RETRY_MS = MINUTE_MS;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

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

/**
 * Every message is written to the outbox first. Without SMTP_URL that row is the mail: the admin
 * reads it in /admin (the laptop case), links and all. With SMTP_URL the row is queued and sent in
 * the background (a request never waits for the SMTP server); a failed attempt is retried later
 * with a growing delay, up to MAIL_MAX_ATTEMPTS, and the row keeps the error and the count.
 */
export class Mailer {
  private transport: Transporter | null;
  private inFlight = new Set<Promise<void>>();
  /** 'smtp' when mail leaves through SMTP_URL; 'outbox' when the outbox is the only mailbox. */
  readonly delivery: 'smtp' | 'outbox';

  constructor(
    private db: Db,
    private clock: Clock,
    private config: Config,
    private log?: FastifyBaseLogger,
  ) {
    this.transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
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
      createdAt: now,
    };
    if (!this.transport) {
      const [row] = await this.db
        .insert(mailOutbox)
        .values({ ...base, text: msg.text, html, status: 'outbox' })
        .returning({ id: mailOutbox.id });
      return row!.id;
    }
    const secrets = (msg.secrets ?? []).filter((s) => s.length > 0);
    const [row] = await this.db
      .insert(mailOutbox)
      .values({
        ...base,
        text: redact(msg.text, secrets),
        html: redact(html, secrets),
        pendingText: secrets.length > 0 ? msg.text : null,
        pendingHtml: secrets.length > 0 ? html : null,
        status: 'queued',
        nextAttemptAt: now,
      })
      .returning({ id: mailOutbox.id });
    this.schedule(row!.id);
    return row!.id;
  }

  /** Sends the queued mails that are due (retries, and any a stopped process left behind). */
  async retryDue(): Promise<void> {
    if (!this.transport) return;
    const due = await this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(inArray(mailOutbox.status, ['queued', 'sending']), lte(mailOutbox.nextAttemptAt, this.clock.now())))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(SWEEP_BATCH);
    for (const { id } of due) this.schedule(id);
    await this.drain();
  }

  /** Resolves once every delivery started so far has ended (tests; shutdown before the pool closes). */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  private schedule(id: string): void {
    const p: Promise<void> = this.deliver(id)
      .catch((err: unknown) => this.log?.error({ error: loggableError(err), mailId: id }, 'mail delivery failed'))
      .finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  private async deliver(id: string): Promise<void> {
    const now = this.clock.now();
    // Claim the row: one sender per mail, whoever asks (the request that wrote it, or the sweep).
    const [row] = await this.db
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: sql`${mailOutbox.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + SENDING_LEASE_MS),
      })
      .where(
        and(
          eq(mailOutbox.id, id),
          inArray(mailOutbox.status, ['queued', 'sending']),
          lte(mailOutbox.nextAttemptAt, now),
        ),
      )
      .returning();
    if (!row || !this.transport) return;
    try {
      await this.transport.sendMail({
        from: this.config.MAIL_FROM,
        to: row.to,
        subject: row.subject,
        text: row.pendingText ?? row.text,
        ...((row.pendingHtml ?? row.html) ? { html: row.pendingHtml ?? row.html! } : {}),
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
      });
    } catch (err) {
      const failed = row.attempts >= MAIL_MAX_ATTEMPTS;
      const at = this.clock.now();
      await this.db
        .update(mailOutbox)
        .set({
          status: failed ? 'failed' : 'queued',
          error: String((err as Error)?.message ?? err).slice(0, 500),
          nextAttemptAt: failed ? null : new Date(at.getTime() + RETRY_BASE_MS * 2 ** (row.attempts - 1)),
        })
        .where(eq(mailOutbox.id, id));
      this.log?.warn({ mailId: id, kind: row.kind, attempts: row.attempts, failed }, 'mail not sent');
      return;
    }
    // Sent: the live copy (and with it any token) is gone; the outbox keeps the redacted one.
    await this.db
      .update(mailOutbox)
      .set({
        status: 'sent',
        sentAt: this.clock.now(),
        error: null,
        nextAttemptAt: null,
        pendingText: null,
        pendingHtml: null,
      })
      .where(eq(mailOutbox.id, id));
  }
}
