import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth';

/**
 * What each role's registration form saves beyond the profile row (issue 6), one row per user.
 * Column names (and the TypeScript keys) are the chat's question ids, so chat, form, prefill and
 * database share one name per field (product notes, lesson 1); multi-choice answers are arrays of
 * canonical codes; yes/no answers are booleans (consent: the time it was given). A test checks
 * that these columns match the flows exactly.
 */

const userId = () =>
  text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' });
const codes = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);
const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const familyDetails = pgTable(
  'family_details',
  {
    userId: userId(),
    care_location: text('care_location'),
    care_recipient_name: text('care_recipient_name'),
    relationship_to_recipient: text('relationship_to_recipient'),
    care_type: codes('care_type'),
    preferred_caregiver_type: text('preferred_caregiver_type'),
    care_conditions: codes('care_conditions'),
    other_special_needs: text('other_special_needs'),
    specialized_requirements: codes('specialized_requirements'),
    care_schedule: codes('care_schedule'),
    caregiver_preferences: text('caregiver_preferences'),
    emergency_contact: text('emergency_contact'),
    budget: text('budget'),
    preferred_contact_method: text('preferred_contact_method'),
    additional_notes: text('additional_notes'),
    ...timestamps,
  },
  // Family matching filters findable families by these codes (issue 19).
  (t) => [
    index('family_details_care_type_gin').using('gin', t.care_type),
    index('family_details_care_schedule_gin').using('gin', t.care_schedule),
  ],
);

export const professionalDetails = pgTable(
  'professional_details',
  {
    userId: userId(),
    professional_role: text('professional_role'),
    years_experience: text('years_experience'),
    certifications: text('certifications'),
    preferred_contact: text('preferred_contact'),
    care_services: codes('care_services'),
    medical_conditions: codes('medical_conditions'),
    other_conditions: text('other_conditions'),
    availability: codes('availability'),
    work_type: text('work_type'),
    additional_qualifications: codes('additional_qualifications'),
    emergency_contact: text('emergency_contact'),
    rate: text('rate'),
    notes: text('notes'),
    /** When the professional agreed to the terms (the form cannot be sent without it). */
    consent: timestamp('consent', { withTimezone: true }),
    ...timestamps,
  },
  // No indexes on the codes: caregiver matching filters its in-memory copy of the listed
  // professionals (decision 026), so GIN indexes here would only slow every registration save.
);

export const communityDetails = pgTable('community_details', {
  userId: userId(),
  website_or_social: text('website_or_social'),
  roles: codes('roles'),
  contributions: codes('contributions'),
  caregiving_experience: text('caregiving_experience'),
  care_areas: codes('care_areas'),
  technology_interests: codes('technology_interests'),
  participation_modes: codes('participation_modes'),
  communication_preferences: codes('communication_preferences'),
  motivation: text('motivation'),
  ideas: text('ideas'),
  directory_visibility: boolean('directory_visibility'),
  enable_notifications: boolean('enable_notifications'),
  ...timestamps,
});
