import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { deliverDue, OUTBOX_PASS_MS, type Send } from './outbox';

/** nodemailer over SMTP_URL, from MAIL_FROM (the sales address unless given). */
export function smtpSend(config: Pick<Config, 'smtpUrl' | 'mailFrom'>): Send {
  if (!config.smtpUrl) throw new Error('SMTP_URL is not set');
  const transport = nodemailer.createTransport(config.smtpUrl);
  return (m) =>
    transport.sendMail({
      from: config.mailFrom,
      to: m.to,
      subject: m.subject,
      text: m.text,
      messageId: m.messageId,
    });
}

/** Where the sender says what failed: the server's logger (Fastify's, pino). */
export interface SenderLog {
  warn: (details: object, message: string) => void;
}

/**
 * Delivers the outbox every `everyMs` while the server runs; returns a stop function. No SMTP: nothing
 * runs. `onTurn` is called after each completed pass over the outbox (a test waits for passes, not time).
 * A message that fails (SMTP down, refused, bad credentials) is logged as a warning with the SMTP
 * server's answer, and retried later: the operator sees it in the log, not only in `npm run outbox`.
 */
export function startSender(
  db: Db,
  config: Config,
  everyMs = OUTBOX_PASS_MS,
  onTurn?: () => void,
  log?: SenderLog,
): () => void {
  if (!config.smtpUrl || !config.mailer) return () => undefined;
  const send = smtpSend(config);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    deliverDue(db, send, new Date(), (f) =>
      log?.warn(
        { mail: f.id, to: f.to, attempts: f.attempts, error: f.error },
        `mail not delivered (attempt ${f.attempts}), retried later: ${f.error}`,
      ),
    )
      .catch((e: unknown) =>
        log?.warn({ error: e instanceof Error ? e.message : String(e) }, 'outbox pass failed'),
      )
      .finally(() => {
        running = false;
        onTurn?.();
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
