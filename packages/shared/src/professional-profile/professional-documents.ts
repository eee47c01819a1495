import { z } from 'zod';
import { codesOf, type CodeOption } from '../codes/code-option';
import { safeString } from '../validation/safe-text';

/**
 * A professional's documents (issue 20; product notes: professionals provide certifications and
 * a police Certificate of Character). PDF or image, recognised by content, at most 10 MB, seen
 * only by the owner and admins; an admin alone marks one "Verified by Tavara".
 */
export const DOCUMENT_KIND_OPTIONS = [
  { code: 'certification', label: 'Certification' },
  { code: 'police_certificate', label: 'Police Certificate of Character' },
] as const satisfies readonly CodeOption[];
export const DOCUMENT_KINDS = codesOf(DOCUMENT_KIND_OPTIONS);
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const MAX_DOCUMENT_TITLE = 120;

export const DOCUMENT_MESSAGES = {
  kindRequired: 'Please choose what kind of document this is.',
  titleRequired: 'Please name the document (for example "CPR certificate, Red Cross").',
  titleTooLong: `Please keep the name under ${MAX_DOCUMENT_TITLE} characters.`,
  fileMissing: 'Please choose a file to upload.',
  fileTooLarge: 'The file is larger than 10 MB. Please choose a smaller file.',
  fileType: 'The file must be a PDF or a photo (JPEG, PNG or WebP).',
  notFound: 'This document was not found.',
  verifiedBadge: 'Verified by Tavara',
} as const;

/** The text fields of the upload form (the file is checked by the server's content sniffing). */
export const documentFieldsSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS, { message: DOCUMENT_MESSAGES.kindRequired }),
  title: safeString()
    .trim()
    .min(1, { message: DOCUMENT_MESSAGES.titleRequired })
    .max(MAX_DOCUMENT_TITLE, { message: DOCUMENT_MESSAGES.titleTooLong }),
});
export type DocumentFields = z.infer<typeof documentFieldsSchema>;

export interface ProfessionalDocument {
  id: string;
  kind: DocumentKind;
  title: string;
  fileType: DocumentType;
  fileBytes: number;
  verified: boolean;
  verifiedAt: string | null;
  createdAt: string;
}
