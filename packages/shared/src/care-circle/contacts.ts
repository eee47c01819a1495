import { z } from 'zod';
import type { VillageAccess } from '../care-plans/permissions';
import { whatsAppLink } from '../support/whatsapp';

/**
 * The contact card (issue 30, item 5). The contacts are the family's own, where they already live:
 * the primary and emergency contacts of the recipient's care assessment, and its care address.
 * Nothing is copied; what each group sees is the family's choice (`ContactSharing`), and this one
 * rule turns the choice, the viewer's place in the village and the assessment into the card.
 *
 * - The owner and admins see everything (the family's own data).
 * - Team members see the contacts shared with the team, and the care address only while they have
 *   a shift on the plan that has not ended, and only if the family shares it with the team.
 * - Circle members see the contacts shared with the circle, never the address: the choice has no
 *   such switch, so no setting can leak it.
 */

export const contactSharingSchema = z.object({
  team: z.object({ primary: z.boolean(), emergency: z.boolean(), address: z.boolean() }),
  circle: z.object({ primary: z.boolean(), emergency: z.boolean() }),
});
export type ContactSharing = z.infer<typeof contactSharingSchema>;

/** Until the family chooses: the team (who work for them) reach the family and, on a shift, the home; the circle sees nothing. */
export const DEFAULT_CONTACT_SHARING: ContactSharing = {
  team: { primary: true, emergency: true, address: true },
  circle: { primary: false, emergency: false },
};

export type ContactKind = 'primary' | 'emergency';
export interface ContactSource {
  name: string | null;
  phone: string | null;
  relationship: string | null;
}
export interface ContactSources {
  primary: ContactSource;
  emergency: ContactSource;
  address: string | null;
}
export interface SharedContact {
  kind: ContactKind;
  label: string;
  name: string;
  phone: string | null;
  relationship: string | null;
  /** `tel:` link, digits and a leading + only. */
  telHref: string | null;
  /** WhatsApp chat link (`wa.me`), from the shared `whatsAppLink`. */
  whatsAppHref: string | null;
}
export interface ContactCard {
  contacts: SharedContact[];
  /** The care address; null when the viewer may not see it or none is saved. */
  address: string | null;
  /** The family's choice, sent to the owner only (for the form). */
  sharing: ContactSharing | null;
}

const LABELS: Record<ContactKind, string> = { primary: 'Family contact', emergency: 'Emergency contact' };

export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return digits.replace(/\D/g, '').length >= 7 ? `tel:${digits}` : null;
}

function contactOf(kind: ContactKind, source: ContactSource): SharedContact | null {
  const name = source.name?.trim() || null;
  const phone = source.phone?.trim() || null;
  if (!name && !phone) return null;
  const tel = phone ? telHref(phone) : null;
  return {
    kind,
    label: LABELS[kind],
    name: name ?? LABELS[kind],
    phone,
    relationship: source.relationship,
    telHref: tel,
    whatsAppHref: tel ? whatsAppLink(phone!, 'Hello!') : null,
  };
}

export function contactCardFor(
  access: Exclude<VillageAccess, 'none'>,
  onShift: boolean,
  sharing: ContactSharing,
  sources: ContactSources,
): ContactCard {
  const everything = access === 'owner' || access === 'admin';
  const group = access === 'circle' ? sharing.circle : sharing.team;
  const shows = (kind: ContactKind) => everything || group[kind];
  const contacts = (['primary', 'emergency'] as const)
    .filter(shows)
    .map((kind) => contactOf(kind, sources[kind]))
    .filter((c): c is SharedContact => c !== null);
  const address = everything || (access === 'member' && onShift && sharing.team.address) ? sources.address : null;
  return { contacts, address: address?.trim() || null, sharing: access === 'owner' ? sharing : null };
}
