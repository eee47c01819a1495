import {
  LEGACY_PAGE_SIZE,
  PUBLIC_STORY_FIELD_IDS,
  publicStoryOf,
  STORY_MESSAGES,
  storyExcerpt,
  type FamilyStory,
  type LegacyListResponse,
  type PlanStoryResponse,
  type PublicStory,
  type StoryBody,
  type StoryListResponse,
} from '@tavara/shared/family-story/family-story';
import { recipientKey } from '@tavara/shared/care-assessment/care-assessment';
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { familyStories } from '../../db/schema/family-stories';
import { AppError } from '../../lib/app-error';
import { recordAdminAction, type AuditActor } from '../../lib/audit-log';
import { knownRecipients, loadRegistration, planRecipientFor, type Viewer } from '../../domain/people-cared-for';

type Row = typeof familyStories.$inferSelect;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function view(row: Row): FamilyStory {
  return {
    id: row.id,
    recipientName: row.recipientName,
    birthYear: row.birthYear,
    fields: row.fields,
    sharedAt: row.sharedAt?.toISOString() ?? null,
    hiddenAt: row.hiddenAt?.toISOString() ?? null,
    hiddenReason: row.hiddenReason,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('not_found', 'This story was not found.');

/** The family's recipients, each with their story (or none yet). */
export async function listStories(db: Database, familyId: string): Promise<StoryListResponse> {
  const [{ details }, rows] = await Promise.all([
    loadRegistration(db, familyId),
    db.select().from(familyStories).where(eq(familyStories.familyId, familyId)).orderBy(familyStories.createdAt),
  ]);
  const recipients = await knownRecipients(
    db,
    familyId,
    details?.care_recipient_name,
    rows.map((r) => r.recipientName),
  );
  return {
    recipients: recipients.map((recipient) => {
      const row = rows.find((r) => r.recipientKey === recipient.key);
      return { recipientName: row?.recipientName ?? recipient.name, story: row ? view(row) : null };
    }),
  };
}

/** Saves the story of one recipient (one per recipient: an upsert on the family and the name). */
export async function saveStory(db: Database, familyId: string, body: StoryBody): Promise<FamilyStory> {
  const fields: Record<string, string> = {};
  for (const [id, value] of Object.entries(body.fields)) if (value) fields[id] = value;
  const birthYear = typeof body.birthYear === 'number' ? body.birthYear : null;
  const [row] = await db
    .insert(familyStories)
    .values({
      familyId,
      recipientName: body.recipientName,
      recipientKey: recipientKey(body.recipientName),
      birthYear,
      fields,
    })
    .onConflictDoUpdate({
      target: [familyStories.familyId, familyStories.recipientKey],
      set: { recipientName: body.recipientName, birthYear, fields, updatedAt: new Date() },
    })
    .returning();
  return view(row!);
}

/** Shares (or withdraws) the family's own story; another family's is "not found". */
export async function setShared(
  db: Database,
  familyId: string,
  storyId: string,
  shared: boolean,
): Promise<FamilyStory> {
  if (!UUID.test(storyId)) throw notFound();
  const [row] = await db
    .update(familyStories)
    // Sharing again after a withdrawal puts it at the top again: it is a new choice.
    .set({ sharedAt: shared ? new Date() : null, updatedAt: new Date() })
    .where(and(eq(familyStories.id, storyId), eq(familyStories.familyId, familyId)))
    .returning();
  if (!row) throw notFound();
  return view(row);
}

/** The story of a plan's recipient, for the plan's owner, accepted team and admins. */
export async function planStory(db: Database, viewer: Viewer, planId: string): Promise<PlanStoryResponse> {
  const plan = await planRecipientFor(db, viewer, planId);
  const [row] = await db
    .select()
    .from(familyStories)
    .where(and(eq(familyStories.familyId, plan.familyId), eq(familyStories.recipientKey, plan.key)));
  return { recipientName: plan.recipientName, story: row ? view(row) : null };
}

// ——— the legacy page ———

const visible = and(isNotNull(familyStories.sharedAt), isNull(familyStories.hiddenAt));

/**
 * The text a search looks in: the name and the public fields only. A private field (what only
 * the family knows, care preferences) is never searched, or a search could reveal it.
 */
const publicText = sql`concat_ws(' ', ${familyStories.recipientName}, ${sql.join(
  PUBLIC_STORY_FIELD_IDS.map((id) => sql`${familyStories.fields} ->> ${id}`),
  sql`, `,
)})`;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function publicOf(row: Row): PublicStory {
  return publicStoryOf({ ...view(row), sharedAt: row.sharedAt!.toISOString() });
}

/** Shared, not hidden stories, newest share first, `LEGACY_PAGE_SIZE` a page; `q` matches words anywhere. */
export async function listLegacyStories(db: Database, q: string, page: number): Promise<LegacyListResponse> {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 8);
  const where: SQL | undefined = and(visible, ...words.map((w) => sql`${publicText} ilike ${`%${escapeLike(w)}%`}`));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(familyStories)
      .where(where)
      .orderBy(desc(familyStories.sharedAt), desc(familyStories.id))
      .limit(LEGACY_PAGE_SIZE)
      .offset((page - 1) * LEGACY_PAGE_SIZE),
    db.select({ n: count() }).from(familyStories).where(where),
  ]);
  return {
    stories: rows.map((row) => {
      const story = publicOf(row);
      return {
        id: story.id,
        name: story.name,
        birthYear: story.birthYear,
        excerpt: storyExcerpt(story.fields),
        sharedAt: story.sharedAt,
      };
    }),
    total: total?.n ?? 0,
    page,
    pageSize: LEGACY_PAGE_SIZE,
  };
}

export async function getLegacyStory(db: Database, storyId: string): Promise<PublicStory> {
  if (!UUID.test(storyId)) throw new AppError('not_found', STORY_MESSAGES.notFound);
  const [row] = await db
    .select()
    .from(familyStories)
    .where(and(eq(familyStories.id, storyId), visible));
  if (!row) throw new AppError('not_found', STORY_MESSAGES.notFound);
  return publicOf(row);
}

/** An admin hides a shared story from the legacy page, with a reason, in the audit log. */
export async function hideStory(
  db: Database,
  actor: AuditActor,
  storyId: string,
  reason: string | null,
): Promise<void> {
  if (!UUID.test(storyId)) throw notFound();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(familyStories)
      .set(
        reason === null
          ? { hiddenAt: null, hiddenReason: null, hiddenById: null }
          : { hiddenAt: new Date(), hiddenReason: reason, hiddenById: actor.id },
      )
      .where(eq(familyStories.id, storyId))
      .returning({ id: familyStories.id });
    if (!row) throw notFound();
    await recordAdminAction(tx, actor, {
      action: reason === null ? 'legacy_story.unhidden' : 'legacy_story.hidden',
      targetType: 'family_story',
      targetId: storyId,
      details: reason === null ? {} : { reason },
    });
  });
}
