import { desc, eq } from 'drizzle-orm';
import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import nodemailer from 'nodemailer';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { render, type OutboxTemplate } from './messages.ru.ts';
import { ts } from '../db/columns.ts';

export const outboxMessages = pgTable('outbox_messages', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  recipient: text('recipient').notNull(),
  template: text('template').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
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
}

export interface Outbox {
  /** Records the message and schedules its delivery (retried with backoff by the job queue). */
  send(message: OutboxMessage): Promise<number>;
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
    async send(message) {
      const { subject, body } = render(message.template, message.params);
      const [row] = await db
        .insert(outboxMessages)
        .values({
          channel: message.channel,
          recipient: message.to,
          template: message.template,
          subject,
          body,
          createdAt: new Date(clock.now()),
        })
        .returning({ id: outboxMessages.id });
      if (!row) throw new Error('outbox insert returned nothing');
      await deps.jobs.enqueue(DELIVER, { id: row.id }, { dedupeKey: `outbox:${row.id}` });
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
