import { PRODUCT_NAME } from '@tavara/shared/product';
import { ROLE_LABELS } from '@tavara/shared/roles';
import type { ContactChatData, ContactFields } from '@tavara/shared/support/contact-request.schema';
import type { MailMessage } from '../lib/mailer';
import { EmailFrame, Lines, Paragraph } from './layout';
import { renderMail } from './render';

export interface SupportEmailInput extends ContactFields {
  requestId: string;
  chatData: ContactChatData | null;
  screenshot: { type: string; bytes: number; url: string } | null;
  signedInAs: string | null;
}

const time = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

/**
 * The e-mail to SUPPORT_EMAIL for one contact request. Everything the user typed is data: React
 * escapes every value (so a `<script>` arrives as text), the subject holds no user text at all
 * (no header tricks), and the user's address appears only in the body — support replies by
 * choice; the server never writes to an address the user typed.
 */
export async function supportRequestEmail(to: string, input: SupportEmailInput): Promise<MailMessage> {
  const subject = `${PRODUCT_NAME} support request #${input.requestId.slice(0, 8)}`;
  const fields: Array<[string, string]> = [
    ['Name', input.name],
    ['Email', input.email],
    ['Signed in as', input.signedInAs ?? 'not signed in'],
    ['Request id', input.requestId],
  ];
  const transcript = input.chatData?.transcript ?? [];
  const chatSummary = input.chatData
    ? `${input.chatData.role ? ROLE_LABELS[input.chatData.role] : 'no role chosen'}, session ${input.chatData.sessionId}, ${transcript.length} messages`
    : null;
  const screenshotLine = input.screenshot
    ? `${input.screenshot.type}, ${Math.max(1, Math.round(input.screenshot.bytes / 1024))} kB, attached — also at ${input.screenshot.url} (admin sign-in required)`
    : null;
  const rendered = await renderMail(
    subject,
    <EmailFrame title={subject}>
      <Paragraph>A new support request came in through the Contact Support form.</Paragraph>
      <Paragraph>
        {fields.map(([label, value], i) => (
          <span key={label}>
            {i > 0 && <br />}
            <strong>{`${label}:`}</strong> {value}
          </span>
        ))}
      </Paragraph>
      <Paragraph>
        <strong>Issue description:</strong>
        <br />
        <Lines text={input.message} />
      </Paragraph>
      {screenshotLine && (
        <Paragraph>
          <strong>Screenshot:</strong> {screenshotLine}
        </Paragraph>
      )}
      {chatSummary && (
        <>
          <Paragraph style={{ margin: '0 0 8px' }}>
            <strong>Chat session data:</strong> {chatSummary}
          </Paragraph>
          <ol style={{ margin: '0 0 16px', paddingLeft: '20px' }}>
            {transcript.map((m, i) => (
              <li key={i}>
                {`[${time(m.timestamp)}] `}
                <strong>{m.isUser ? 'Visitor' : 'Assistant'}</strong>
                {': '}
                <Lines text={m.content} />
              </li>
            ))}
          </ol>
        </>
      )}
    </EmailFrame>,
  );
  return { to, ...rendered };
}
