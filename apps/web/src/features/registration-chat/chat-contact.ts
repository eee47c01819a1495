import { whatsAppLink } from '@tavara/shared/support/whatsapp';
import { usePublicConfig } from '@/lib/public-config';

/**
 * Where the chat's Thank You panel sends people: the server's WHATSAPP_NUMBER and SUPPORT_EMAIL
 * (`GET /api/config`). Until the configuration has loaded the buttons are shown without a target.
 */
export function useChatContact(): { whatsAppUrl: string | undefined; emailUrl: string | undefined } {
  const config = usePublicConfig();
  return {
    whatsAppUrl: config ? whatsAppLink(config.whatsappNumber) : undefined,
    emailUrl: config ? `mailto:${config.supportEmail}` : undefined,
  };
}
