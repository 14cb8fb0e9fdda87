import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../db/database';

/** A message to deliver. */
export interface Mail {
  projectId: string | null;
  to: string;
  subject: string;
  body: string;
}

/** Puts a message in the outbox, inside the caller's transaction (the state change and the mail land together). */
export async function enqueueMail(
  trx: Transaction<Database> | Db,
  mail: Mail,
  now = new Date(),
): Promise<void> {
  await trx
    .insertInto('outbox')
    .values({
      project_id: mail.projectId,
      recipient: mail.to,
      subject: mail.subject,
      body: mail.body,
      attempts: 0,
      next_at: now.toISOString(),
      last_error: null,
      sent_at: null,
      created_at: now.toISOString(),
      message_id: newMessageId(mail.to),
    })
    .execute();
}

/** A Message-ID for a new outbox row, on the recipient's domain side of the sales address. */
export function newMessageId(to: string): string {
  const domain = /@([^@\s>]+)$/.exec(to)?.[1] ?? 'localhost';
  return `<${randomBytes(12).toString('hex')}.outbox@${domain}>`;
}

/**
 * Something that sends one message (nodemailer's transport in production). `messageId` is the same on
 * every attempt of one outbox row, so a receiver that got a message whose acknowledgement was lost drops
 * the retry as a duplicate.
 */
export type Send = (mail: {
  to: string;
  subject: string;
  text: string;
  messageId: string;
}) => Promise<unknown>;

/** How often a server looks for messages due (server/mail/sender.ts). */
export const OUTBOX_PASS_MS = 5000;

/** Delay before attempt n+1: 30 s, 1 min, 2 min ... at most one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 3_600_000);
}

/**
 * Delivers the messages that are due, once each. A row is leased before sending (its next attempt moved
 * five minutes on, conditional on nobody else having leased it), so two server copies never send the same
 * row; on success it is marked sent, on failure its next attempt is scheduled with backoff and the error
 * kept (and told to `onFailure`, for the server's log). Returns how many were sent and how many failed.
 */
export async function deliverDue(
  db: Db,
  send: Send,
  now = new Date(),
  onFailure?: (failure: { id: number; to: string; attempts: number; error: string }) => void,
): Promise<{ sent: number; failed: number }> {
  const due = await db
    .selectFrom('outbox')
    .selectAll()
    .where('sent_at', 'is', null)
    .where('next_at', '<=', now.toISOString())
    .orderBy('id')
    .limit(20)
    .execute();
  let sent = 0;
  let failed = 0;
  for (const row of due) {
    const lease = new Date(now.getTime() + 5 * 60_000).toISOString();
    const r = await db
      .updateTable('outbox')
      .set({ next_at: lease })
      .where('id', '=', row.id)
      .where('next_at', '=', row.next_at)
      .where('sent_at', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) continue;
    try {
      await send({
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        messageId: row.message_id ?? `<outbox-${row.id}.${row.created_at.replace(/\W/g, '')}@localhost>`,
      });
      await db
        .updateTable('outbox')
        .set({ sent_at: new Date().toISOString(), last_error: null })
        .where('id', '=', row.id)
        .execute();
      sent += 1;
    } catch (e) {
      const attempts = row.attempts + 1;
      const error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
      await db
        .updateTable('outbox')
        .set({
          attempts,
          next_at: new Date(now.getTime() + backoffMs(attempts)).toISOString(),
          last_error: error,
        })
        .where('id', '=', row.id)
        .execute();
      onFailure?.({ id: row.id, to: row.recipient, attempts, error });
      failed += 1;
    }
  }
  return { sent, failed };
}

/** The messages not delivered yet, oldest first. */
export async function pendingMail(db: Db) {
  return db.selectFrom('outbox').selectAll().where('sent_at', 'is', null).orderBy('id').execute();
}

/**
 * When a waiting message is next tried, for `npm run outbox`: never while this configuration sends no
 * mail (no SMTP_URL, MAILER=off); otherwise at its `next_at` (the server looks at the outbox every few
 * seconds; a row being sent is leased five minutes on).
 */
export function nextAttemptText(
  row: { next_at: string },
  config: { smtpUrl: string | null; mailer: boolean },
  now = new Date(),
): string {
  if (!config.smtpUrl) return 'next attempt: none while SMTP_URL is unset (the message waits here)';
  if (!config.mailer) return 'next attempt: none while MAILER=off';
  const at = new Date(row.next_at);
  const seconds = Math.ceil((at.getTime() - now.getTime()) / 1000);
  if (seconds <= 0)
    return `next attempt: now (at the server's next look at the outbox, every ${OUTBOX_PASS_MS / 1000} s)`;
  const wait =
    seconds < 120
      ? `${seconds} s`
      : seconds < 7200
        ? `${Math.round(seconds / 60)} min`
        : `${Math.round(seconds / 3600)} h`;
  return `next attempt: ${row.next_at} (in ${wait})`;
}
