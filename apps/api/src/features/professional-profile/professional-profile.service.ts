import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DOCUMENT_MESSAGES,
  type DocumentFields,
  type DocumentKind,
  type DocumentType,
  type ProfessionalDocument,
} from '@tavara/shared/professional-profile/professional-documents';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { user } from '../../db/schema/auth';
import { professionalDocuments } from '../../db/schema/professional-documents';
import { AppError } from '../../lib/app-error';
import { type AuditActor, recordAdminAction } from '../../lib/audit-log';
import { DOCUMENT_EXTENSIONS } from '../../lib/image-type';
import { professionalDocumentDir } from '../../lib/upload-dirs';

const FILE_NAME = /^[0-9a-f-]{36}\.(pdf|png|jpg|webp)$/;

function toDocument(row: typeof professionalDocuments.$inferSelect): ProfessionalDocument {
  return {
    id: row.id,
    kind: row.kind as DocumentKind,
    title: row.title,
    fileType: row.fileType as DocumentType,
    fileBytes: row.fileBytes,
    verified: row.verifiedAt !== null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Professionals' documents: the file under DATA_DIR/uploads/documents named by the row's id and
 * sniffed type (as support screenshots are), the row in the database. Reads are for the owner
 * and admins only; anyone else is told it does not exist.
 */
export function createProfessionalDocuments(db: Database, dataDir: string) {
  const dir = professionalDocumentDir(dataDir);
  const pathOf = (file: string) => {
    if (!FILE_NAME.test(file)) throw new Error('not a document file name');
    return join(dir, file);
  };
  const notFound = () => new AppError('not_found', DOCUMENT_MESSAGES.notFound);

  return {
    async listMine(ownerId: string) {
      const rows = await db
        .select()
        .from(professionalDocuments)
        .where(eq(professionalDocuments.ownerId, ownerId))
        .orderBy(desc(professionalDocuments.createdAt));
      return { documents: rows.map(toDocument) };
    },

    async create(ownerId: string, fields: DocumentFields, file: { type: DocumentType; bytes: Uint8Array }) {
      const id = randomUUID();
      const name = `${id}.${DOCUMENT_EXTENSIONS[file.type]}`;
      await mkdir(dir, { recursive: true });
      await writeFile(pathOf(name), file.bytes, { mode: 0o600 });
      try {
        const [row] = await db
          .insert(professionalDocuments)
          .values({
            id,
            ownerId,
            kind: fields.kind,
            title: fields.title,
            file: name,
            fileType: file.type,
            fileBytes: file.bytes.length,
          })
          .returning();
        return toDocument(row!);
      } catch (error) {
        await rm(pathOf(name), { force: true }).catch(() => undefined);
        throw error;
      }
    },

    /** The file, for its owner or an admin. */
    async readFile(viewer: { id: string; role?: string | null }, id: string) {
      const [row] = await db.select().from(professionalDocuments).where(eq(professionalDocuments.id, id));
      if (!row || (row.ownerId !== viewer.id && viewer.role !== 'admin')) throw notFound();
      try {
        return { bytes: await readFile(pathOf(row.file)), type: row.fileType, title: row.title };
      } catch {
        throw notFound();
      }
    },

    async remove(ownerId: string, id: string) {
      const [row] = await db
        .delete(professionalDocuments)
        .where(and(eq(professionalDocuments.id, id), eq(professionalDocuments.ownerId, ownerId)))
        .returning();
      if (!row) throw notFound();
      await rm(pathOf(row.file), { force: true }).catch(() => undefined);
    },

    /** Admins: documents waiting for a check (or all), oldest first, with whose they are. */
    async listForAdmin(onlyUnverified: boolean) {
      const rows = await db
        .select({ doc: professionalDocuments, ownerName: user.name, ownerEmail: user.email })
        .from(professionalDocuments)
        .innerJoin(user, eq(user.id, professionalDocuments.ownerId))
        .where(onlyUnverified ? isNull(professionalDocuments.verifiedAt) : undefined)
        .orderBy(professionalDocuments.createdAt)
        .limit(200);
      return {
        documents: rows.map((r) => ({ ...toDocument(r.doc), owner: { name: r.ownerName, email: r.ownerEmail } })),
      };
    },

    /** Sets or clears "Verified by Tavara", with its audit entry, in one transaction. */
    async setVerified(actor: AuditActor, id: string, verified: boolean) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(professionalDocuments)
          .set(verified ? { verifiedAt: new Date(), verifiedBy: actor.id } : { verifiedAt: null, verifiedBy: null })
          .where(eq(professionalDocuments.id, id))
          .returning();
        if (!row) throw notFound();
        await recordAdminAction(tx, actor, {
          action: verified ? 'professional_document.verified' : 'professional_document.unverified',
          targetType: 'professional_document',
          targetId: id,
          details: { kind: row.kind },
        });
        return toDocument(row);
      });
    },
  };
}
