import nodemailer, { type Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  kind: string;
  replyTo?: string;
}

/**
 * Every message is written to the outbox first; with SMTP_URL set it is also sent and
 * marked sent. Without SMTP the outbox is the mailbox (the admin reads it).
 */
export class Mailer {
  private transport: Transporter | null;
  constructor(
    private db: Db,
    private clock: Clock,
    private config: Config,
  ) {
    this.transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : null;
  }

  async send(msg: MailMessage): Promise<string> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values({ ...msg, replyTo: msg.replyTo ?? null, createdAt: this.clock.now() })
      .returning({ id: mailOutbox.id });
    const id = row!.id;
    if (this.transport) {
      try {
        await this.transport.sendMail({
          from: this.config.MAIL_FROM,
          to: msg.to,
          subject: msg.subject,
          text: msg.text,
          ...(msg.replyTo ? { replyTo: msg.replyTo } : {}),
        });
        await this.db.update(mailOutbox).set({ sentAt: this.clock.now() }).where(eq(mailOutbox.id, id));
      } catch (err) {
        await this.db
          .update(mailOutbox)
          .set({ error: String((err as Error).message).slice(0, 500) })
          .where(eq(mailOutbox.id, id));
      }
    }
    return id;
  }
}
