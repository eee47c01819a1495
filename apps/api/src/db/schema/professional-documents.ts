import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * A professional's documents (issue 20): certifications and the police Certificate of Character.
 * The file lives under DATA_DIR/uploads/documents, named by this row's id and the sniffed type —
 * never by the uploaded name — as support screenshots and profile photos are. Served only to the
 * owner and admins. `verifiedAt`/`verifiedBy` are set by an admin alone ("Verified by Tavara").
 */
export const professionalDocuments = pgTable(
  'professional_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** What the professional called it ("CPR certificate, Red Cross 2026"). */
    title: text('title').notNull(),
    file: text('file').notNull(),
    fileType: text('file_type').notNull(),
    fileBytes: integer('file_bytes').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    verifiedBy: text('verified_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('professional_documents_owner_idx').on(t.ownerId, t.createdAt),
    index('professional_documents_unverified_idx')
      .on(t.createdAt)
      .where(sql`${t.verifiedAt} is null`),
    check('professional_documents_kind_check', sql`${t.kind} in ('certification', 'police_certificate')`),
  ],
);
