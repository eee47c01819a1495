import { CARE_TYPE_OPTIONS } from '../codes/care-types';
import { getShiftOption, WEEKDAYS, type Weekday } from '../codes/shifts';
import type { TtRegionCode } from '../codes/tt-regions';
import { YEARS_OF_EXPERIENCE_OPTIONS } from '../codes/years-of-experience';
import type { HourlyRate } from './budget';
import { islandOf, regionDistanceKm, regionLabel } from './regions';

/**
 * The match score (issue 19, product notes lesson 7): deterministic, pure, the same on both sides
 * of matching. Four components, each a number from 0 to 1 with a sentence saying why; the total is
 * their weighted sum as a whole percentage. No randomness, no hidden boosts.
 */

/** What a family needs, from ONE place (`loadFamilyNeeds` on the server). Codes are the shared ones. */
export interface MatchNeeds {
  readonly careTypes: readonly string[];
  /** Shift codes (codes/shifts). */
  readonly shifts: readonly string[];
  readonly region: TtRegionCode | null;
  readonly budget: HourlyRate | null;
}

/** What a professional offers: their registration's services, shifts, experience and regions. */
export interface MatchOffer {
  readonly careTypes: readonly string[];
  readonly shifts: readonly string[];
  /** A years-of-experience code, or null when not given. */
  readonly experience: string | null;
  readonly regions: readonly TtRegionCode[];
}

export const MATCH_WEIGHTS = { careTypes: 0.3, schedule: 0.35, experience: 0.2, location: 0.15 } as const;
export type MatchComponentKey = keyof typeof MATCH_WEIGHTS;

export interface MatchComponent {
  readonly key: MatchComponentKey;
  /** 0 (nothing of it) … 1 (all of it). */
  readonly score: number;
  readonly reason: string;
}

/**
 * Who reads the reasons: the family ("Covers 3 of your 4 care types") or the professional looking
 * at a family ("You cover 3 of their 4 care types"). Same numbers, same facts, their own words.
 */
export type MatchViewer = 'family' | 'professional';

const WORDS = {
  family: {
    your: 'your',
    covers: 'Covers',
    free: 'Free',
    notFree: 'Not free at the hours you need',
    addCare: 'Add the care you need to compare care types',
    addSchedule: 'Add your schedule to compare hours',
    flexible: 'You asked for flexible hours; they list availability',
    noAvailability: 'No availability given',
    youNeed: 'you need',
    addRegion: 'Add your region to compare distance',
  },
  professional: {
    your: 'their',
    covers: 'You cover',
    free: 'You are free',
    notFree: 'You are not free at the hours they need',
    addCare: 'They have not said which care they need',
    addSchedule: 'They have not given a schedule',
    flexible: 'They asked for flexible hours; you list availability',
    noAvailability: 'You have not given your availability',
    youNeed: 'they need',
    addRegion: 'They have not given a region we know',
  },
} as const;

export interface MatchScore {
  /** Weighted sum, 0–100, rounded to a whole number. */
  readonly total: number;
  readonly components: readonly MatchComponent[];
}

/**
 * Matching scores one family against thousands of professionals, and people pick from a few dozen
 * codes: the same lists come back again and again. Each part's result is remembered by its inputs
 * (bounded, and pure functions, so remembering changes no answer, only the time: issue 19's
 * "Numbers" — 5,000 professionals in ≤ 150 ms).
 */
const MEMO_LIMIT = 5_000;
function memo<A extends unknown[], R>(key: (...args: A) => string, compute: (...args: A) => R): (...args: A) => R {
  const cache = new Map<string, R>();
  return (...args: A) => {
    const k = key(...args);
    let hit = cache.get(k);
    if (hit === undefined) {
      if (cache.size >= MEMO_LIMIT) cache.clear();
      hit = compute(...args);
      cache.set(k, hit);
    }
    return hit;
  };
}
const listKey = (list: readonly string[]) => list.join(',');

// ---------------------------------------------------------------------------------------------
// Care types: the share of the family's care types the professional provides.

export function scoreCareTypes(
  needed: readonly string[],
  offered: readonly string[],
  viewer: MatchViewer = 'family',
): MatchComponent {
  return careTypesMemo(needed, offered, viewer);
}
const careTypesMemo = memo(
  (needed: readonly string[], offered: readonly string[], viewer: MatchViewer) =>
    `${listKey(needed)}|${listKey(offered)}|${viewer}`,
  computeCareTypes,
);
function computeCareTypes(needed: readonly string[], offered: readonly string[], viewer: MatchViewer): MatchComponent {
  const w = WORDS[viewer];
  const wanted = [...new Set(needed)].filter((code) => CARE_TYPE_OPTIONS.some((o) => o.code === code));
  if (wanted.length === 0) {
    return { key: 'careTypes', score: 0, reason: w.addCare };
  }
  const given = new Set(offered);
  const covered = wanted.filter((code) => given.has(code)).length;
  const noun = wanted.length === 1 ? 'care type' : 'care types';
  return {
    key: 'careTypes',
    score: covered / wanted.length,
    reason: `${w.covers} ${covered} of ${w.your} ${wanted.length} ${noun}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Schedule: the share of the family's hours of the week (from the shift codes' real days and
// times) at which the professional says they are available.

const HOURS_A_WEEK = 7 * 24;
const hourOf = (time: string) => Number(time.slice(0, 2));

/** The hours of the week (0 = Sunday 00:00–01:00 … 167) a fixed shift covers; overnight runs into the next day. */
export function shiftHours(code: string): number[] {
  const shift = getShiftOption(code);
  if (!shift || shift.kind !== 'fixed' || !shift.startTime || !shift.endTime) return [];
  const start = hourOf(shift.startTime);
  const end = hourOf(shift.endTime) + (shift.overnight ? 24 : 0);
  const hours: number[] = [];
  for (const day of shift.days) {
    const base = WEEKDAYS.indexOf(day) * 24;
    for (let h = start; h < end; h++) hours.push((base + h) % HOURS_A_WEEK);
  }
  return hours;
}

const ALL_HOURS = Array.from({ length: HOURS_A_WEEK }, (_, h) => h);

/** Hours a family needs: their fixed shifts; live-in care needs every hour. */
function neededHours(shifts: readonly string[]): Set<number> {
  if (shifts.includes('live_in')) return new Set(ALL_HOURS);
  return new Set(shifts.flatMap(shiftHours));
}

/** Hours a professional is free: their fixed shifts; "flexible / on-demand" and "live-in" mean any hour. */
const offeredHours = memo(listKey, computeOfferedHours);
function computeOfferedHours(shifts: readonly string[]): Set<number> {
  if (shifts.includes('flexible') || shifts.includes('live_in')) return new Set(ALL_HOURS);
  return new Set(shifts.flatMap(shiftHours));
}

/** Whether someone free at `offered` shifts can work every hour of shift `code` (availability filter). */
export function coversShift(offered: readonly string[], code: string): boolean {
  const free = offeredHours(offered);
  const hours = shiftHours(code);
  if (hours.length === 0) return offered.includes(code) || free.size === HOURS_A_WEEK;
  return hours.every((h) => free.has(h));
}

/** Whether two shift codes share at least one hour of the week. */
export function overlapsShift(a: string, b: string): boolean {
  if (a === b) return true;
  const hours = new Set(shiftHours(a));
  return shiftHours(b).some((h) => hours.has(h));
}

const WEEKEND: readonly Weekday[] = ['sat', 'sun'];
const PARTS = [
  { name: 'nights', from: 0, to: 6 },
  { name: 'mornings', from: 6, to: 12 },
  { name: 'afternoons', from: 12, to: 18 },
  { name: 'evenings', from: 18, to: 24 },
] as const;

/** "weekday mornings", "weekend nights"…: the parts of the week an hour belongs to. */
function partOf(hour: number): string {
  const day = WEEKDAYS[Math.floor(hour / 24)]!;
  const inDay = hour % 24;
  const part = PARTS.find((p) => inDay >= p.from && inDay < p.to)!;
  return `${WEEKEND.includes(day) ? 'weekend' : 'weekday'} ${part.name}`;
}

const PART_ORDER = ['weekday', 'weekend'].flatMap((kind) =>
  ['mornings', 'afternoons', 'evenings', 'nights'].map((p) => `${kind} ${p}`),
);

function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** ["weekday mornings", "weekday afternoons", "weekend nights"] → "weekday mornings and afternoons, and weekend nights". */
function describeParts(parts: readonly string[]): string {
  const groups = ['weekday', 'weekend']
    .map((kind) => {
      const names = parts.filter((p) => p.startsWith(`${kind} `)).map((p) => p.slice(kind.length + 1));
      return names.length > 0 ? `${kind} ${listWords(names)}` : null;
    })
    .filter((group): group is string => group !== null);
  return groups.join(', and ');
}

export function scoreSchedule(
  needed: readonly string[],
  offered: readonly string[],
  viewer: MatchViewer = 'family',
): MatchComponent {
  return scheduleMemo(needed, offered, viewer);
}
const scheduleMemo = memo(
  (needed: readonly string[], offered: readonly string[], viewer: MatchViewer) =>
    `${listKey(needed)}|${listKey(offered)}|${viewer}`,
  computeSchedule,
);
function computeSchedule(needed: readonly string[], offered: readonly string[], viewer: MatchViewer): MatchComponent {
  const w = WORDS[viewer];
  const need = neededHours(needed);
  const free = offeredHours(offered);
  if (need.size === 0) {
    // No set hours asked for (flexible or custom only, or nothing yet): any stated availability fits.
    if (needed.length === 0) return { key: 'schedule', score: 0, reason: w.addSchedule };
    return free.size > 0
      ? { key: 'schedule', score: 1, reason: w.flexible }
      : { key: 'schedule', score: 0, reason: w.noAvailability };
  }
  const covered = [...need].filter((h) => free.has(h));
  if (covered.length === 0) return { key: 'schedule', score: 0, reason: w.notFree };
  if (covered.length === need.size) {
    return { key: 'schedule', score: 1, reason: `${w.free} for all ${need.size} hours a week ${w.youNeed}` };
  }
  // Name the parts of the week where every needed hour is free.
  const neededByPart = new Map<string, number>();
  const coveredByPart = new Map<string, number>();
  for (const h of need) neededByPart.set(partOf(h), (neededByPart.get(partOf(h)) ?? 0) + 1);
  for (const h of covered) coveredByPart.set(partOf(h), (coveredByPart.get(partOf(h)) ?? 0) + 1);
  const whole = PART_ORDER.filter(
    (part) => neededByPart.has(part) && coveredByPart.get(part) === neededByPart.get(part),
  );
  const share = `${covered.length} of ${need.size} hours a week`;
  return {
    key: 'schedule',
    score: covered.length / need.size,
    reason:
      whole.length > 0
        ? `${w.free} on ${w.your} ${describeParts(whole)} (${share})`
        : `${w.free} for ${share} ${w.youNeed}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Experience: by the years-of-experience range; 10+ years is full marks.

export const EXPERIENCE_SCORES: Readonly<Record<string, number>> = {
  years_0_1: 0.1,
  years_1_3: 0.3,
  years_3_5: 0.5,
  years_5_10: 0.75,
  years_10_plus: 1,
};

export function scoreExperience(code: string | null): MatchComponent {
  const option = YEARS_OF_EXPERIENCE_OPTIONS.find((o) => o.code === code);
  if (!option) return { key: 'experience', score: 0, reason: 'Experience not given' };
  return { key: 'experience', score: EXPERIENCE_SCORES[option.code]!, reason: option.label };
}

// ---------------------------------------------------------------------------------------------
// Location: distance between region centres. Up to 5 km is full marks, 60 km or more none, in
// between in a straight line; Tobago–Trinidad is counted as far (a ferry or a flight).

export const NEAR_KM = 5;
export const FAR_KM = 60;

export function scoreLocation(
  familyRegion: TtRegionCode | null,
  offered: readonly TtRegionCode[],
  viewer: MatchViewer = 'family',
): MatchComponent {
  return locationMemo(familyRegion, offered, viewer);
}
const locationMemo = memo(
  (familyRegion: TtRegionCode | null, offered: readonly TtRegionCode[], viewer: MatchViewer) =>
    `${familyRegion ?? ''}|${listKey(offered)}|${viewer}`,
  computeLocation,
);
function computeLocation(
  familyRegion: TtRegionCode | null,
  offered: readonly TtRegionCode[],
  viewer: MatchViewer,
): MatchComponent {
  if (!familyRegion || familyRegion === 'other') {
    return { key: 'location', score: 0, reason: WORDS[viewer].addRegion };
  }
  const best = nearestRegion(familyRegion, offered);
  if (!best) return { key: 'location', score: 0, reason: 'Region not given' };
  const { region, km, sameIsland } = best;
  if (!sameIsland) return { key: 'location', score: 0, reason: `${regionLabel(region)}, on the other island` };
  return { key: 'location', score: kmScore(km), reason: `${regionLabel(region)}, ${Math.round(km)} km` };
}

const kmScore = (km: number) => (km <= NEAR_KM ? 1 : km >= FAR_KM ? 0 : 1 - (km - NEAR_KM) / (FAR_KM - NEAR_KM));

/** The nearest of the professional's regions to the family's; another island never wins over this one. */
function nearestRegion(familyRegion: TtRegionCode, offered: readonly TtRegionCode[]) {
  let best: { region: TtRegionCode; km: number; sameIsland: boolean } | null = null;
  for (const region of offered) {
    if (region === 'other') continue;
    const km = regionDistanceKm(familyRegion, region)!;
    const sameIsland = islandOf(region) === islandOf(familyRegion);
    if (!best || (sameIsland && !best.sameIsland) || (sameIsland === best.sameIsland && km < best.km)) {
      best = { region, km, sameIsland };
    }
  }
  return best;
}

/** The location component's number alone (`computeLocation` without its sentence). */
function locationScore(familyRegion: TtRegionCode | null, offered: readonly TtRegionCode[]): number {
  if (!familyRegion || familyRegion === 'other') return 0;
  const best = nearestRegion(familyRegion, offered);
  return best && best.sameIsland ? kmScore(best.km) : 0;
}

// ---------------------------------------------------------------------------------------------

export function scoreMatch(needs: MatchNeeds, offer: MatchOffer, viewer: MatchViewer = 'family'): MatchScore {
  const components = [
    scoreCareTypes(needs.careTypes, offer.careTypes, viewer),
    scoreSchedule(needs.shifts, offer.shifts, viewer),
    scoreExperience(offer.experience),
    scoreLocation(needs.region, offer.regions, viewer),
  ];
  const sum = components.reduce((total, c) => total + MATCH_WEIGHTS[c.key] * c.score, 0);
  return { total: Math.round(sum * 100), components };
}

/**
 * `scoreMatch(needs, offer).total` for many offers against one family's needs, without the
 * sentences: ranking thousands of listed professionals needs only the number, and only the page's
 * 20 then get the full score with its reasons. The same parts and the same arithmetic in the same
 * order as `scoreMatch` (a property test holds the two equal), with what depends on the needs
 * alone worked out once (issue 19's "Numbers": 5,000 professionals, p99 ≤ 150 ms).
 */
export function matchTotals(needs: MatchNeeds): (offer: MatchOffer) => number {
  const wanted = [...new Set(needs.careTypes)].filter((code) => CARE_TYPE_OPTIONS.some((o) => o.code === code));
  const need = [...neededHours(needs.shifts)];
  // Regions arrays come back as the same object for the same typed location (regionsOfLocation
  // remembers them), so the distance part is worked out once per place.
  const byRegions = new Map<readonly TtRegionCode[], number>();
  // The same for the care types and the shifts: the server hands the same array object to every
  // offer with the same list (the listed professionals' copy interns them), so each distinct list
  // is scored once per family, not once per professional. Any other arrays are simply scored.
  const byCareTypes = new Map<readonly string[], number>();
  const byShifts = new Map<readonly string[], number>();
  return (offer) => {
    let careTypes = byCareTypes.get(offer.careTypes);
    if (careTypes === undefined) {
      careTypes = 0;
      if (wanted.length > 0) {
        let covered = 0;
        for (const code of wanted) if (offer.careTypes.includes(code)) covered += 1;
        careTypes = covered / wanted.length;
      }
      byCareTypes.set(offer.careTypes, careTypes);
    }
    let schedule = byShifts.get(offer.shifts);
    if (schedule === undefined) {
      const free = offeredHours(offer.shifts);
      if (need.length === 0) schedule = needs.shifts.length === 0 ? 0 : free.size > 0 ? 1 : 0;
      else {
        let covered = 0;
        for (const h of need) if (free.has(h)) covered += 1;
        schedule = covered / need.length;
      }
      byShifts.set(offer.shifts, schedule);
    }
    const option = offer.experience === null ? undefined : EXPERIENCE_BY_CODE.get(offer.experience);
    const experience = option === undefined ? 0 : option;
    let location = byRegions.get(offer.regions);
    if (location === undefined) {
      location = locationScore(needs.region, offer.regions);
      byRegions.set(offer.regions, location);
    }
    const sum =
      0 +
      MATCH_WEIGHTS.careTypes * careTypes +
      MATCH_WEIGHTS.schedule * schedule +
      MATCH_WEIGHTS.experience * experience +
      MATCH_WEIGHTS.location * location;
    return Math.round(sum * 100);
  };
}

/** Experience scores by the shared codes only (a code that is not an option scores 0, as in `scoreExperience`). */
const EXPERIENCE_BY_CODE = new Map<string, number>(
  YEARS_OF_EXPERIENCE_OPTIONS.map((o) => [o.code, EXPERIENCE_SCORES[o.code]!]),
);
