import {
  ASSESSMENT_SECTION_IDS,
  assessmentPrefill,
  assessmentSectionProblems,
  normaliseSectionAnswers,
  recipientKey,
  type AssessmentAnswers,
  type AssessmentListResponse,
  type AssessmentSectionBody,
  type AssessmentSectionId,
  type PlanAssessmentResponse,
  type SavedAssessment,
} from '@tavara/shared/care-assessment/care-assessment';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { careAssessments } from '../../db/schema/family-stories';
import { AppError } from '../../lib/app-error';
import { knownRecipients, loadRegistration, planRecipientFor, type Viewer } from '../../domain/people-cared-for';

// What matching (issue 19, items 4–5) reads from an assessment: a pure function of its answers.
export { assessmentNeeds, type AssessmentNeeds } from '@tavara/shared/care-assessment/care-assessment';

type Row = typeof careAssessments.$inferSelect;

function view(row: Row): SavedAssessment {
  const answers = row.answers as AssessmentAnswers;
  return {
    id: row.id,
    recipientName: row.recipientName,
    answers,
    savedSections: ASSESSMENT_SECTION_IDS.filter((id) => answers[id] !== undefined),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The family's recipients, each with their saved assessment (or none) and the registration prefill. */
export async function listAssessments(db: Database, familyId: string): Promise<AssessmentListResponse> {
  const [{ details, profile }, rows] = await Promise.all([
    loadRegistration(db, familyId),
    db.select().from(careAssessments).where(eq(careAssessments.familyId, familyId)).orderBy(careAssessments.createdAt),
  ]);
  const recipients = await knownRecipients(
    db,
    familyId,
    details?.care_recipient_name,
    rows.map((r) => r.recipientName),
  );
  const registrationKey = details?.care_recipient_name ? recipientKey(details.care_recipient_name) : null;
  const contactPrefill = assessmentPrefill({
    firstName: profile?.firstName,
    lastName: profile?.lastName,
    phone: profile?.phone,
  });
  // Registration's answers are about the person it names; for anyone else only the family's own
  // contact details carry over.
  const recipientPrefill = details
    ? assessmentPrefill({
        firstName: profile?.firstName,
        lastName: profile?.lastName,
        phone: profile?.phone,
        ...details,
      })
    : contactPrefill;
  return {
    recipients: recipients.map((recipient) => {
      const row = rows.find((r) => r.recipientKey === recipient.key);
      return {
        recipientName: row?.recipientName ?? recipient.name,
        assessment: row ? view(row) : null,
        prefill: recipient.key === registrationKey ? recipientPrefill : contactPrefill,
        planIds: recipient.planIds,
      };
    }),
  };
}

/**
 * Saves one section for one recipient, creating the assessment on its first save. One statement
 * (insert … on conflict update that section only), so two sections saved at once from two
 * phones both land, and two first saves make one row.
 */
export async function saveSection(
  db: Database,
  familyId: string,
  sectionId: AssessmentSectionId,
  body: AssessmentSectionBody,
): Promise<SavedAssessment> {
  const problems = assessmentSectionProblems(sectionId, body.answers);
  if (Object.keys(problems).length > 0) {
    throw new AppError('validation_failed', 'Some of the answers are not valid.', problems);
  }
  const answers = normaliseSectionAnswers(sectionId, body.answers);
  const patch = { [sectionId]: answers };
  const [row] = await db
    .insert(careAssessments)
    .values({
      familyId,
      recipientName: body.recipientName,
      recipientKey: recipientKey(body.recipientName),
      answers: patch,
    })
    .onConflictDoUpdate({
      target: [careAssessments.familyId, careAssessments.recipientKey],
      set: {
        answers: sql`${careAssessments.answers} || ${JSON.stringify(patch)}::jsonb`,
        updatedAt: new Date(),
      },
    })
    .returning();
  return view(row!);
}

/** The assessment of a plan's recipient, for the plan's owner, accepted team and admins. */
export async function planAssessment(db: Database, viewer: Viewer, planId: string): Promise<PlanAssessmentResponse> {
  const plan = await planRecipientFor(db, viewer, planId);
  const [row] = await db
    .select()
    .from(careAssessments)
    .where(and(eq(careAssessments.familyId, plan.familyId), eq(careAssessments.recipientKey, plan.key)));
  return { recipientName: plan.recipientName, assessment: row ? view(row) : null };
}
