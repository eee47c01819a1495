import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assessmentNeeds } from '@tavara/shared/care-assessment/care-assessment';
import { CARE_TYPE_OPTIONS } from '@tavara/shared/codes/care-types';
import { getCodeLabel } from '@tavara/shared/codes/code-option';
import { PROFESSIONAL_CONDITION_EXPERIENCE_OPTIONS } from '@tavara/shared/codes/professional-condition-experience';
import { PROFESSIONAL_ROLE_OPTIONS } from '@tavara/shared/codes/professional-role';
import { SHIFT_OPTIONS } from '@tavara/shared/codes/shifts';
import type { TtRegionCode } from '@tavara/shared/codes/tt-regions';
import { YEARS_OF_EXPERIENCE_OPTIONS } from '@tavara/shared/codes/years-of-experience';
import { formatHourlyRate, parseHourlyRate, rateFits } from '@tavara/shared/matching/budget';
import {
  MATCH_PAGE_SIZE,
  MATCHING_MESSAGES as M,
  type CaregiverMatchingResponse,
  type FamilyFilters,
  type FamilyMatch,
  type FamilyMatchingResponse,
  type InterestedProfessional,
  type MatchNeedsSummary,
  type ProfessionalCard,
  type ProfessionalFilters,
} from '@tavara/shared/matching/matching';
import { islandOf, regionDistanceKm, regionLabel, regionsOfLocation } from '@tavara/shared/matching/regions';
import { coversShift, matchTotals, scoreMatch, type MatchNeeds, type MatchOffer } from '@tavara/shared/matching/score';
import { and, desc, eq, inArray, isNull, sql, type Column, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';
import { user } from '../../db/schema/auth';
import { carePlans, careTeamMembers } from '../../db/schema/care-plans';
import { careAssessments } from '../../db/schema/family-stories';
import { matchInterests, matchingVisibility } from '../../db/schema/matching';
import { profiles } from '../../db/schema/profiles';
import { familyDetails, professionalDetails } from '../../db/schema/registration';
import { AppError } from '../../lib/app-error';
import { notify } from '../../lib/notifications/notify';
import { profilePhotoDir } from '../../lib/upload-dirs';

/**
 * Matching both ways (issue 19, items 4 and 5; decision 026). Only people who chose to be found
 * are ever read: every query here joins `matching_visibility` on `visible`. Listed professionals
 * are pre-filtered in SQL on the shared codes (GIN indexes), then read, filtered on what is typed
 * text (location → region, rate), scored by the shared `scoreMatch` and ranked in JS.
 */

type Viewer = { id: string; role?: string | null };

const label = (options: Parameters<typeof getCodeLabel>[0], code: string | null | undefined) =>
  (code && getCodeLabel(options, code)) || null;
const labels = (options: Parameters<typeof getCodeLabel>[0], codes: readonly string[]) =>
  codes.map((code) => getCodeLabel(options, code)).filter((l): l is string => Boolean(l));

const visibleWhere = (userId: SQL | typeof user.id) =>
  sql`exists (select 1 from ${matchingVisibility} v where v.user_id = ${userId} and v.visible)`;

// ---------------------------------------------------------------------------------------------
// The family's needs: ONE function, so the care needs assessment can take over here later.

/**
 * What `familyUserId` needs, for matching: today from the family's registration answers (care
 * types, schedule shift codes, the care location read as a region, the budget). The care needs
 * assessment (issue 19, item 1) is to be preferred here once it exists.
 */
export async function loadFamilyNeeds(db: Database, familyUserId: string): Promise<MatchNeeds> {
  const [row] = await db
    .select({
      careTypes: familyDetails.care_type,
      shifts: familyDetails.care_schedule,
      careLocation: familyDetails.care_location,
      location: profiles.location,
      budget: familyDetails.budget,
    })
    .from(user)
    .leftJoin(familyDetails, eq(familyDetails.userId, user.id))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, familyUserId));
  const fromRegistration = needsFrom(row ?? null);
  // The care needs assessment (issue 19) is the family's fuller, later word: each answer it
  // gives replaces the registration's; what it leaves empty falls back to the registration.
  const [latest] = await db
    .select({ answers: careAssessments.answers })
    .from(careAssessments)
    .where(eq(careAssessments.familyId, familyUserId))
    .orderBy(desc(careAssessments.updatedAt))
    .limit(1);
  if (!latest) return fromRegistration;
  const assessed = assessmentNeeds(latest);
  return {
    careTypes: assessed.careTypes.length > 0 ? assessed.careTypes : fromRegistration.careTypes,
    shifts: assessed.shiftCodes.length > 0 ? assessed.shiftCodes : fromRegistration.shifts,
    region:
      assessed.region && assessed.region !== 'other' ? (assessed.region as TtRegionCode) : fromRegistration.region,
    budget: parseHourlyRate(assessed.budget) ?? fromRegistration.budget,
  };
}

function needsFrom(
  row: {
    careTypes: string[] | null;
    shifts: string[] | null;
    careLocation: string | null;
    location: string | null;
    budget: string | null;
  } | null,
): MatchNeeds {
  return {
    careTypes: row?.careTypes ?? [],
    shifts: row?.shifts ?? [],
    region: regionsOfLocation(row?.careLocation ?? row?.location)[0] ?? null,
    budget: parseHourlyRate(row?.budget),
  };
}

export function summariseNeeds(needs: MatchNeeds): MatchNeedsSummary {
  return {
    careTypes: labels(CARE_TYPE_OPTIONS, needs.careTypes),
    schedule: labels(SHIFT_OPTIONS, needs.shifts),
    region: needs.region ? regionLabel(needs.region) : null,
    budget: formatHourlyRate(needs.budget),
  };
}

// ---------------------------------------------------------------------------------------------
// Being found: listed (professional) or findable (family).

function requireMatchingRole(viewer: Viewer): 'family' | 'professional' {
  if (viewer.role === 'family' || viewer.role === 'professional') return viewer.role;
  throw new AppError('forbidden', 'Matching is for families and care professionals.');
}

export async function getVisibility(db: Database, viewer: Viewer) {
  requireMatchingRole(viewer);
  const [row] = await db
    .select({ visible: matchingVisibility.visible })
    .from(matchingVisibility)
    .where(eq(matchingVisibility.userId, viewer.id));
  return { visible: row?.visible ?? false };
}

export async function setVisibility(db: Database, viewer: Viewer, visible: boolean) {
  requireMatchingRole(viewer);
  await db
    .insert(matchingVisibility)
    .values({ userId: viewer.id, visible })
    .onConflictDoUpdate({ target: matchingVisibility.userId, set: { visible, updatedAt: new Date() } });
  return { visible };
}

// ---------------------------------------------------------------------------------------------
// Caregiver matching (families).

const professionalColumns = {
  id: user.id,
  firstName: profiles.firstName,
  lastName: profiles.lastName,
  photoFile: profiles.photoFile,
  location: profiles.location,
  role: professionalDetails.professional_role,
  experience: professionalDetails.years_experience,
  careTypes: professionalDetails.care_services,
  conditions: professionalDetails.medical_conditions,
  shifts: professionalDetails.availability,
  rate: professionalDetails.rate,
};
type ProfessionalRow = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  photoFile: string | null;
  location: string | null;
  role: string | null;
  experience: string | null;
  careTypes: string[];
  conditions: string[];
  shifts: string[];
  rate: string | null;
};

function listedProfessionals(db: Database, extra: SQL[] = []) {
  return db
    .select(professionalColumns)
    .from(professionalDetails)
    .innerJoin(user, eq(user.id, professionalDetails.userId))
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(and(eq(user.role, 'professional'), visibleWhere(user.id), ...extra));
}

const offerOf = (row: ProfessionalRow): MatchOffer => ({
  careTypes: row.careTypes,
  shifts: row.shifts,
  experience: row.experience,
  regions: regionsOfLocation(row.location),
});

/** First name and initial: "Anil R.". */
function displayName(first: string | null, last: string | null) {
  const initial = last?.trim().charAt(0);
  return [first?.trim() || 'A professional', initial ? `${initial.toUpperCase()}.` : null].filter(Boolean).join(' ');
}

function cardOf(row: ProfessionalRow): ProfessionalCard {
  return {
    id: row.id,
    displayName: displayName(row.firstName, row.lastName),
    photoUrl: row.photoFile ? `/api/matching/professionals/${encodeURIComponent(row.id)}/photo` : null,
    role: label(PROFESSIONAL_ROLE_OPTIONS, row.role),
    experience: label(YEARS_OF_EXPERIENCE_OPTIONS, row.experience),
    regions: regionsOfLocation(row.location).map(regionLabel),
    services: labels(CARE_TYPE_OPTIONS, row.careTypes),
    conditions: labels(PROFESSIONAL_CONDITION_EXPERIENCE_OPTIONS, row.conditions),
    availability: labels(SHIFT_OPTIONS, row.shifts),
    rate: formatHourlyRate(parseHourlyRate(row.rate)) ?? (row.rate?.trim() || null),
  };
}

/** Within `maxKm` of `from` (same island; Tobago–Trinidad is never "near"), or in `from` without a distance. */
function nearEnough(from: TtRegionCode, regions: readonly TtRegionCode[], maxKm: number | undefined) {
  if (maxKm === undefined) return regions.includes(from);
  return regions.some((r) => {
    const km = regionDistanceKm(from, r);
    return km !== null && islandOf(r) === islandOf(from) && km <= maxKm;
  });
}

const arrayLiteral = (codes: readonly string[]) =>
  sql`array[${sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  )}]::text[]`;

/** A listed professional as matching ranks them: their offer, and what the filters read. */
interface Candidate {
  readonly id: string;
  readonly offer: MatchOffer;
  readonly conditions: readonly string[];
  readonly rate: string;
}

/**
 * The listed professionals' offers, kept per database in memory (decision 026): reading and
 * parsing 5,000 rows on every request cost far more than ranking them. The `matching_epoch`
 * sequence moves with every change that could alter them (triggers on professional_details,
 * matching_visibility, profiles.location, users.role; migration 0021), so any instance sees a
 * change on its next request. A sequence moves before its transaction commits, so a copy read
 * in that moment could miss the change: copies are also dropped after MAX_AGE_MS. Cards are
 * always read fresh, and only for people still listed.
 */
const MAX_AGE_MS = 30_000;
const candidateCopies = new WeakMap<Database, { epoch: string; at: number; list: Promise<Candidate[]> }>();

async function listedCandidates(db: Database): Promise<Candidate[]> {
  const [row] = rowsOf(
    await db.execute(sql`select last_value::text || ':' || is_called::text as epoch from matching_epoch`),
  );
  const epoch = String(row?.epoch);
  const copy = candidateCopies.get(db);
  if (copy && copy.epoch === epoch && Date.now() - copy.at < MAX_AGE_MS) return copy.list;
  // Requests arriving while the copy is read share the one read.
  const list = readCandidates(db);
  candidateCopies.set(db, { epoch, at: Date.now(), list });
  list.catch(() => {
    if (candidateCopies.get(db)?.list === list) candidateCopies.delete(db);
  });
  return list;
}

async function readCandidates(db: Database): Promise<Candidate[]> {
  // One text column per row: reading thousands of rows of arrays is what costs here.
  const SEP = '\u001f';
  const clean = (column: Column) => sql`replace(coalesce(${column}, ''), chr(31), ' ')`;
  const rows = await db
    .select({
      r: sql<string>`concat_ws(chr(31), ${user.id}, coalesce(${professionalDetails.years_experience}, ''),
        array_to_string(${professionalDetails.care_services}, ','), array_to_string(${professionalDetails.availability}, ','),
        array_to_string(${professionalDetails.medical_conditions}, ','), ${clean(professionalDetails.rate)}, ${clean(profiles.location)})`,
    })
    .from(professionalDetails)
    .innerJoin(user, eq(user.id, professionalDetails.userId))
    .innerJoin(profiles, eq(profiles.id, user.id))
    .where(and(eq(user.role, 'professional'), visibleWhere(user.id)));
  // One array per distinct list, shared by every professional with that list: matchTotals then
  // scores each distinct list once per request (5,000 professionals, a few hundred lists).
  const lists = new Map<string, string[]>();
  const none: string[] = [];
  const list = (text: string | undefined) => {
    if (!text) return none;
    let codes = lists.get(text);
    if (!codes) lists.set(text, (codes = text.split(',')));
    return codes;
  };
  return rows
    .map(({ r }) => {
      const [id = '', experience = '', careTypes, shifts, conditions, rate = '', location] = r.split(SEP);
      return {
        id,
        offer: {
          careTypes: list(careTypes),
          shifts: list(shifts),
          experience: experience || null,
          regions: regionsOfLocation(location),
        },
        conditions: list(conditions),
        rate,
      };
    })
    .sort(byId);
}

/** In id order (the order of ties in the ranking), as JavaScript compares strings. */
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export async function matchProfessionals(
  db: Database,
  viewer: Viewer,
  filters: ProfessionalFilters,
): Promise<CaregiverMatchingResponse> {
  if (viewer.role !== 'family') throw new AppError('forbidden', M.familiesOnly);
  const [needs, candidates] = await Promise.all([loadFamilyNeeds(db, viewer.id), listedCandidates(db)]);
  const experienceCodes = filters.minExperience
    ? new Set(
        YEARS_OF_EXPERIENCE_OPTIONS.filter(
          (o) => o.minYears >= YEARS_OF_EXPERIENCE_OPTIONS.find((m) => m.code === filters.minExperience)!.minYears,
        ).map((o) => o.code as string),
      )
    : null;

  // What is typed text is read here: the location as regions, the rate as numbers (only when a
  // rate filter asks). Every candidate is ranked by its total alone; the page's 20 then get the
  // full score with its reasons (the same function: matchTotals is held equal to scoreMatch).
  const from = filters.region ?? (filters.maxKm !== undefined ? needs.region : null);
  const byRate = filters.rateMin !== undefined || filters.rateMax !== undefined;
  const totalOf = matchTotals(needs);
  const ranked: { id: string; total: number; offer: MatchOffer }[] = [];
  for (const { id, offer, conditions, rate } of candidates) {
    if (filters.careType && !offer.careTypes.includes(filters.careType)) continue;
    if (filters.condition && !conditions.includes(filters.condition)) continue;
    if (filters.shift && !coversShift(offer.shifts, filters.shift)) continue;
    if (experienceCodes && !(offer.experience && experienceCodes.has(offer.experience))) continue;
    if (from && !nearEnough(from, offer.regions, filters.maxKm)) continue;
    if (byRate && !rateFits(parseHourlyRate(rate), filters.rateMin, filters.rateMax)) continue;
    ranked.push({ id, total: totalOf(offer), offer });
  }
  // Best first, ties in id order: the candidates come in id order and the sort is stable, so only
  // the totals are compared (comparing ids for the many ties was a sixth of this page's CPU).
  ranked.sort((a, b) => b.total - a.total);
  const start = (filters.page - 1) * MATCH_PAGE_SIZE;
  const page = ranked
    .slice(start, start + MATCH_PAGE_SIZE)
    .map(({ id, offer }) => ({ id, score: scoreMatch(needs, offer) }));
  const cards =
    page.length > 0
      ? await listedProfessionals(db, [
          inArray(
            user.id,
            page.map((p) => p.id),
          ),
        ])
      : [];
  const byId = new Map(cards.map((row) => [row.id, row]));
  const teams = await teamStatusOf(
    db,
    viewer.id,
    page.map((p) => p.id),
  );
  return {
    needs: summariseNeeds(needs),
    // A professional who unlisted between the two reads is left out rather than shown.
    matches: page.flatMap(({ id, score }) => {
      const row = byId.get(id);
      const onTeam = teams.get(id);
      return row ? [{ professional: cardOf(row), score, ...(onTeam ? { onTeam } : {}) }] : [];
    }),
    total: ranked.length,
    listed: candidates.length,
    page: filters.page,
    pageSize: MATCH_PAGE_SIZE,
  };
}

/**
 * Which of `professionalIds` are on (accepted) or invited to one of the family's current care
 * teams — accepted wins over invited when both.
 */
async function teamStatusOf(
  db: Database,
  familyId: string,
  professionalIds: readonly string[],
): Promise<Map<string, 'invited' | 'accepted'>> {
  const status = new Map<string, 'invited' | 'accepted'>();
  if (professionalIds.length === 0) return status;
  const rows = await db
    .select({ userId: careTeamMembers.userId, status: careTeamMembers.status })
    .from(careTeamMembers)
    .innerJoin(carePlans, eq(carePlans.id, careTeamMembers.planId))
    .where(
      and(
        eq(carePlans.familyId, familyId),
        isNull(carePlans.archivedAt),
        inArray(careTeamMembers.userId, [...professionalIds]),
        inArray(careTeamMembers.status, ['invited', 'accepted']),
      ),
    );
  for (const row of rows) {
    if (!row.userId) continue;
    if (row.status === 'accepted' || !status.has(row.userId))
      status.set(row.userId, row.status as 'invited' | 'accepted');
  }
  return status;
}

/** Professionals who told this family they are interested, newest first (only while still listed). */
export async function listInterests(db: Database, viewer: Viewer): Promise<InterestedProfessional[]> {
  if (viewer.role !== 'family') throw new AppError('forbidden', M.familiesOnly);
  const needs = await loadFamilyNeeds(db, viewer.id);
  const rows = await db
    .select({ ...professionalColumns, at: matchInterests.createdAt })
    .from(matchInterests)
    .innerJoin(user, eq(user.id, matchInterests.professionalId))
    .innerJoin(profiles, eq(profiles.id, user.id))
    .innerJoin(professionalDetails, eq(professionalDetails.userId, user.id))
    .where(and(eq(matchInterests.familyId, viewer.id), eq(user.role, 'professional'), visibleWhere(user.id)))
    .orderBy(desc(matchInterests.createdAt));
  return rows.map((row) => ({
    professional: cardOf(row),
    score: scoreMatch(needs, offerOf(row)),
    interestedAt: row.at.toISOString(),
  }));
}

/** A listed professional's photo, for a family (the registration route shows it only to its owner). */
export async function readListedPhoto(db: Database, dataDir: string, viewer: Viewer, professionalId: string) {
  if (viewer.role !== 'family') throw new AppError('forbidden', M.familiesOnly);
  const notFound = new AppError('not_found', 'No photo here.');
  const [row] = await listedProfessionals(db, [eq(user.id, professionalId)]);
  const [profile] = row
    ? await db
        .select({ file: profiles.photoFile, type: profiles.photoType })
        .from(profiles)
        .where(eq(profiles.id, professionalId))
    : [];
  if (!profile?.file || !profile.type) throw notFound;
  try {
    return { bytes: await readFile(join(profilePhotoDir(dataDir), profile.file)), type: profile.type };
  } catch {
    throw notFound;
  }
}

// ---------------------------------------------------------------------------------------------
// Family matching (professionals).

async function loadProfessionalOffer(db: Database, professionalId: string): Promise<MatchOffer> {
  const [row] = await db
    .select(professionalColumns)
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(professionalDetails, eq(professionalDetails.userId, user.id))
    .where(eq(user.id, professionalId));
  return row
    ? offerOf({ ...row, careTypes: row.careTypes ?? [], conditions: row.conditions ?? [], shifts: row.shifts ?? [] })
    : { careTypes: [], shifts: [], experience: null, regions: [] };
}

export async function matchFamilies(
  db: Database,
  viewer: Viewer,
  filters: FamilyFilters,
): Promise<FamilyMatchingResponse> {
  if (viewer.role !== 'professional') throw new AppError('forbidden', M.professionalsOnly);
  const offer = await loadProfessionalOffer(db, viewer.id);
  const where: SQL[] = [eq(user.role, 'family'), eq(matchingVisibility.visible, true)];
  if (filters.careType) where.push(sql`${familyDetails.care_type} @> ${arrayLiteral([filters.careType])}`);
  if (filters.shift) where.push(sql`${familyDetails.care_schedule} @> ${arrayLiteral([filters.shift])}`);
  const { rows, findable } = await readFamilies(db, viewer.id, where);
  const from = filters.region ?? (filters.maxKm !== undefined ? (offer.regions[0] ?? null) : null);
  const scored: FamilyMatch[] = rows
    .map((row) => ({ row, needs: needsFrom(row) }))
    .filter(({ needs }) => !from || (needs.region !== null && nearEnough(from, [needs.region], filters.maxKm)))
    .map(({ row, needs }) => ({
      family: {
        id: row.publicId,
        region: needs.region ? regionLabel(needs.region) : null,
        careTypes: labels(CARE_TYPE_OPTIONS, needs.careTypes),
        schedule: labels(SHIFT_OPTIONS, needs.shifts),
        budget: formatHourlyRate(needs.budget),
      },
      score: scoreMatch(needs, offer, 'professional'),
      interestExpressed: Boolean(row.interested),
    }))
    .sort((a, b) => b.score.total - a.score.total || (a.family.id < b.family.id ? -1 : 1));
  const start = (filters.page - 1) * MATCH_PAGE_SIZE;
  return {
    matches: scored.slice(start, start + MATCH_PAGE_SIZE),
    total: scored.length,
    findable: findable ?? (await countFindable(db)),
    page: filters.page,
    pageSize: MATCH_PAGE_SIZE,
  };
}

/** How many families are findable in all: visible, a family, with registration answers. */
const findableCount = sql`(select count(*) from ${matchingVisibility} fv
  join ${user} fu on fu.id = fv.user_id join ${familyDetails} fd on fd.user_id = fu.id
  where fv.visible and fu.role = 'family')`;

/**
 * The findable families that pass the SQL filters (`where`), each read as one text column — as
 * the professionals are (`readCandidates`): parsing rows of arrays was most of this page's CPU —
 * with how many are findable in all (an InitPlan, counted once; undefined when no row came back).
 */
async function readFamilies(db: Database, viewerId: string, where: SQL[]) {
  const SEP = '\u001f';
  const clean = (column: Column) => sql`replace(coalesce(${column}, ''), chr(31), ' ')`;
  const rows = await db
    .select({
      r: sql<string>`concat_ws(chr(31), ${matchingVisibility.publicId}, array_to_string(${familyDetails.care_type}, ','),
        array_to_string(${familyDetails.care_schedule}, ','), ${clean(familyDetails.care_location)},
        ${clean(profiles.location)}, ${clean(familyDetails.budget)},
        case when exists (select 1 from ${matchInterests} i where i.family_id = ${user.id}
          and i.professional_id = ${viewerId}) then 't' else 'f' end)`,
      findable: sql<number>`${findableCount}`.mapWith(Number),
    })
    .from(matchingVisibility)
    .innerJoin(user, eq(user.id, matchingVisibility.userId))
    .innerJoin(familyDetails, eq(familyDetails.userId, user.id))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(and(...where));
  const list = (text: string | undefined) => (text ? text.split(',') : []);
  return {
    findable: rows[0]?.findable,
    rows: rows.map(({ r }) => {
      const [publicId = '', careTypes, shifts, careLocation, location, budget, interested] = r.split(SEP);
      return {
        publicId,
        careTypes: list(careTypes),
        shifts: list(shifts),
        careLocation: careLocation || null,
        location: location || null,
        budget: budget || null,
        interested: interested === 't',
      };
    }),
  };
}

async function countFindable(db: Database) {
  const [row] = rowsOf(await db.execute(sql`select ${findableCount} as n`));
  return Number(row?.n ?? 0);
}

/**
 * A professional tells a findable family they are interested: once per pair (the database's
 * unique pair decides between two clicks), and the family is notified in the same transaction.
 * Only a listed professional may: the family then sees their public card to invite them.
 */
export async function expressInterest(db: Database, viewer: Viewer, familyPublicId: string) {
  if (viewer.role !== 'professional') throw new AppError('forbidden', M.professionalsOnly);
  const [family] = await db
    .select({ id: user.id })
    .from(matchingVisibility)
    .innerJoin(user, eq(user.id, matchingVisibility.userId))
    .where(
      and(
        sql`${matchingVisibility.publicId}::text = ${familyPublicId}`,
        eq(matchingVisibility.visible, true),
        eq(user.role, 'family'),
      ),
    );
  if (!family) throw new AppError('not_found', M.notFindable);
  const [me] = await listedProfessionals(db, [eq(user.id, viewer.id)]);
  if (!me) throw new AppError('forbidden', M.listFirst);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(matchInterests)
      .values({ professionalId: viewer.id, familyId: family.id })
      .onConflictDoNothing({ target: [matchInterests.professionalId, matchInterests.familyId] })
      .returning({ id: matchInterests.id });
    if (!row) return { created: false, message: M.interestAlready };
    await notify(tx, {
      kind: 'match_interest',
      recipients: [family.id],
      actorId: viewer.id,
      title: `${displayName(me.firstName, me.lastName)} is interested in caring for your family`,
      body: 'See their profile and invite them to your care team if you would like to work with them.',
      link: '/caregiver-matching#interested',
    });
    return { created: true, message: M.interestSent };
  });
}
