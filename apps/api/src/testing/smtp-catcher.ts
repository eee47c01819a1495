import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the catcher received it, with the headers the notification tests read. */
export interface CaughtMail {
  to: string[];
  raw: string;
  subject: string;
  messageId: string;
  headers: Map<string, string>;
}

export interface SmtpCatcher {
  port: number;
  url: string;
  received: CaughtMail[];
  /** While set, every message is refused with this 4xx/5xx reply (a mail server having trouble). */
  refuseWith: { code: number; message: string } | null;
  close(): Promise<void>;
}

function headersOf(raw: string): Map<string, string> {
  const head = raw.split('\r\n\r\n')[0] ?? '';
  const map = new Map<string, string>();
  // Unfold continuation lines, then split "Name: value".
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const at = line.indexOf(':');
    if (at > 0) map.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  return map;
}

/**
 * A real SMTP server on loopback that keeps every message (decision 004: a real local server for
 * an outside service, never a mock). Used by the notification tests and the bench's counts.
 */
export function startSmtpCatcher(): Promise<SmtpCatcher> {
  const catcher = { received: [] as CaughtMail[], refuseWith: null } as unknown as SmtpCatcher;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (catcher.refuseWith) {
          const error = new Error(catcher.refuseWith.message) as Error & { responseCode: number };
          error.responseCode = catcher.refuseWith.code;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = headersOf(raw);
        catcher.received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject: headers.get('subject') ?? '',
          messageId: headers.get('message-id') ?? '',
          headers,
        });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      catcher.port = (server.server.address() as AddressInfo).port;
      catcher.url = `smtp://127.0.0.1:${catcher.port}`;
      catcher.close = () => new Promise<void>((done) => server.close(() => done()));
      resolve(catcher);
    });
  });
}
