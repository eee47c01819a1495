import type { ContactChatData } from '@tavara/shared/support/contact-request.schema';
import { whatsAppLink } from '@tavara/shared/support/whatsapp';
import { unwrap } from '@/lib/api-client';
import { getPublicConfig } from '@/lib/public-config';

/**
 * The support widget's server calls, with plain fetch: the widget sits outside the data-cache
 * layout (it is an app-wide overlay), and the contact request is a multipart upload.
 */

/** The WhatsApp number from `GET /api/config`, read once per visit. */
export async function getWhatsAppNumber(): Promise<string> {
  return (await getPublicConfig()).whatsappNumber;
}

/** Opens WhatsApp Support (a `wa.me` link with a greeting) in a new tab. */
export async function openWhatsApp(): Promise<void> {
  // The tab opens synchronously (popup blockers allow it only inside the click), then gets its URL.
  const tab = window.open('', '_blank');
  try {
    const url = whatsAppLink(await getWhatsAppNumber());
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.href = url;
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export interface ContactRequestInput {
  name: string;
  email: string;
  message: string;
  screenshot: File | null;
  chatData: ContactChatData | null;
}

/** `POST /api/support/requests` → `{ id, emailed }`, or throws ApiError with the server's message. */
export function sendContactRequest(input: ContactRequestInput): Promise<{ id: string; emailed: boolean }> {
  const form = new FormData();
  form.set('name', input.name);
  form.set('email', input.email);
  form.set('message', input.message);
  if (input.chatData) form.set('chatData', JSON.stringify(input.chatData));
  if (input.screenshot) form.set('screenshot', input.screenshot, input.screenshot.name || 'screenshot');
  return unwrap(
    fetch('/api/support/requests', { method: 'POST', body: form }) as Promise<{
      ok: boolean;
      status: number;
      json(): Promise<{ id: string; emailed: boolean }>;
    }>,
  );
}
