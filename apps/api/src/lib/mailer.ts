import type { Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { devOutbox } from '../db/schema/mail';
import type { Env } from '../env';
import type { Logger } from './logger';

/** One e-mail: always a plain-text body and a simple HTML body (user content already escaped). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent along over SMTP (the dev outbox keeps only the bodies, which name them). */
  attachments?: Array<{ filename: string; content: Uint8Array; contentType: string }>;
  /** A fixed Message-ID (`<key@host>`): a resend after a crash carries the same one. */
  messageId?: string;
  /** Extra headers, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** `smtp` sends through SMTP_URL; `outbox` stores in the dev_outbox table (never in production). */
  readonly transport: 'smtp' | 'outbox';
  /** Resolves once the message is handed over (SMTP) or stored (outbox); rejects when that fails. */
  send(message: MailMessage): Promise<void>;
  /** Closes pooled SMTP connections (the notification worker's mailer). */
  close?(): void;
}

/** How long an SMTP exchange may hang before the send counts as failed (a request waits for it). */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * The one way the server sends e-mail: nodemailer over SMTP_URL from MAIL_FROM, or — without
 * SMTP_URL outside production — the development outbox (architecture.md, "mail"). env.ts refuses
 * production without SMTP_URL, so the outbox can never swallow real mail.
 */
export function createMailer(
  env: Env,
  db: Database,
  logger: Logger,
  /** `pool`: keep a few SMTP connections open (the notification worker sends thousands). */
  options: { pool?: boolean } = {},
): Mailer {
  if (env.SMTP_URL) {
    // nodemailer loads with the first message: the development outbox never needs it, and a
    // server keeps ~15 MB less until it sends (decision 034, memory).
    let transporter: Promise<Transporter> | undefined;
    const smtpUrl = env.SMTP_URL;
    const transport = () =>
      (transporter ??= import('nodemailer').then(({ createTransport }) =>
        createTransport({
          url: smtpUrl,
          ...(options.pool ? { pool: true, maxConnections: 5, maxMessages: Infinity } : {}),
          connectionTimeout: SMTP_TIMEOUT_MS,
          greetingTimeout: SMTP_TIMEOUT_MS,
          socketTimeout: SMTP_TIMEOUT_MS,
        }),
      ));
    return {
      transport: 'smtp',
      async send(message) {
        const { attachments, ...rest } = message;
        const smtp = await transport();
        await smtp.sendMail({
          from: env.MAIL_FROM,
          ...rest,
          ...(attachments ? { attachments: attachments.map((a) => ({ ...a, content: Buffer.from(a.content) })) } : {}),
        });
        logger.info({ subject: message.subject }, 'e-mail sent');
      },
      close() {
        void transporter?.then((t) => t.close());
      },
    };
  }
  if (env.NODE_ENV === 'production') throw new Error('SMTP_URL is required in production');
  return {
    transport: 'outbox',
    async send(message) {
      await db.insert(devOutbox).values({
        toAddress: message.to.toLowerCase(),
        fromAddress: env.MAIL_FROM,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
      });
      logger.info({ subject: message.subject }, 'e-mail stored in the dev outbox (no SMTP_URL)');
    },
  };
}
