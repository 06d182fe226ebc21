import { desc, eq } from 'drizzle-orm';
import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import nodemailer from 'nodemailer';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { mailHtml, mailText } from './mail-layout.ts';
import { render, type OutboxTemplate } from './messages.ru.ts';
import { ts } from '../db/columns.ts';

export const outboxMessages = pgTable('outbox_messages', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  recipient: text('recipient').notNull(),
  template: text('template').notNull(),
  subject: text('subject').notNull(),
  /** The plain text (an SMS, or an e-mail's text alternative). */
  body: text('body').notNull(),
  /** An e-mail's HTML alternative (ADR 041). */
  html: text('html'),
  /** Set for a message sent in reaction to a fact: the same fact never sends it twice. */
  dedupeKey: text('dedupe_key'),
  status: text('status', { enum: ['pending', 'sent', 'failed'] })
    .notNull()
    .default('pending'),
  transport: text('transport'),
  createdAt: ts('created_at').notNull(),
  sentAt: ts('sent_at'),
});

export type OutboxRecord = typeof outboxMessages.$inferSelect;

export interface OutboxMessage {
  channel: 'email' | 'sms';
  to: string;
  template: OutboxTemplate;
  params: Record<string, string | number>;
  /** A message caused by a fact (a deposit, a login) names it: sending it again changes nothing. */
  key?: string;
}

export interface Outbox {
  /**
   * Records the message and schedules its delivery (retried with backoff by the job queue); with
   * `executor`, inside that transaction (a message caused by a fact commits with it).
   */
  send(message: OutboxMessage, executor?: Db): Promise<number>;
  /** The development mailbox: what was sent to this address or phone, newest first. */
  mailbox(recipient: string): Promise<OutboxRecord[]>;
}

const DELIVER = 'outbox.deliver';

/**
 * E-mail goes through SMTP when SMTP_URL is set; otherwise, and for SMS until an operator plugs in a
 * gateway, a delivered message stays in the table as the development mailbox.
 */
export function createOutbox(deps: {
  db: Db;
  jobs: JobQueue;
  clock: Clock;
  smtpUrl: string | undefined;
  mailFrom: string;
}): Outbox {
  const { db, clock } = deps;
  const smtp = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : undefined;
  // MJML loads its components on the first layout: done once now, not inside the first sender's
  // transaction (a stream consumer's, which holds its partition meanwhile).
  void mailHtml({ subject: '—', paragraphs: ['—'] }).catch(() => undefined);

  deps.jobs.define<{ id: number }>(DELIVER, {
    maxAttempts: 8,
    backoffMs: 5_000,
    handler: async ({ payload }) => {
      const [message] = await db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.id, payload.id))
        .limit(1);
      if (!message || message.status === 'sent') return;
      let transport = 'mailbox';
      if (message.channel === 'email' && smtp) {
        await smtp.sendMail({
          from: deps.mailFrom,
          to: message.recipient,
          subject: message.subject,
          text: message.body,
          ...(message.html ? { html: message.html } : {}),
        });
        transport = 'smtp';
      }
      await db
        .update(outboxMessages)
        .set({ status: 'sent', transport, sentAt: new Date(clock.now()) })
        .where(eq(outboxMessages.id, message.id));
    },
  });

  return {
    async send(message, executor = db) {
      const rendered = render(message.template, message.params);
      const email = message.channel === 'email';
      // Laid out before the insert: no transaction waits on MJML.
      const html = email ? await mailHtml(rendered.content) : null;
      const [row] = await executor
        .insert(outboxMessages)
        .values({
          channel: message.channel,
          recipient: message.to,
          template: message.template,
          subject: rendered.subject,
          // An e-mail goes out as text and HTML made from the same content (ADR 041).
          body: email ? mailText(rendered.content) : rendered.body,
          html,
          dedupeKey: message.key ?? null,
          createdAt: new Date(clock.now()),
        })
        .onConflictDoNothing()
        .returning({ id: outboxMessages.id });
      if (!row) {
        if (message.key) return 0;
        throw new Error('outbox insert returned nothing');
      }
      await deps.jobs.enqueue(DELIVER, { id: row.id }, { dedupeKey: `outbox:${row.id}` }, executor);
      return row.id;
    },
    mailbox(recipient) {
      return db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, recipient))
        .orderBy(desc(outboxMessages.id))
        .limit(50);
    },
  };
}
