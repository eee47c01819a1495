import { describe, expect, it } from 'vitest';
import { formatHourlyRate, parseHourlyRate, rateFits } from './budget';
import { CARE_TYPE_OPTIONS } from '../codes/care-types';
import { SHIFT_OPTIONS } from '../codes/shifts';
import { TT_REGION_OPTIONS, type TtRegionCode } from '../codes/tt-regions';
import { YEARS_OF_EXPERIENCE_OPTIONS } from '../codes/years-of-experience';
import { regionDistanceKm, regionsOfLocation } from './regions';
import {
  MATCH_WEIGHTS,
  matchTotals,
  scoreCareTypes,
  scoreExperience,
  scoreLocation,
  scoreMatch,
  scoreSchedule,
  shiftHours,
  type MatchNeeds,
  type MatchOffer,
} from './score';

describe('care types (30 %)', () => {
  it('is the share of the family’s care types the professional provides', () => {
    const c = scoreCareTypes(
      ['in_home_care', 'medical_support', 'mobility_assistance', 'household_assistance'],
      ['in_home_care', 'medical_support', 'mobility_assistance', 'nutritional_assistance'],
    );
    expect(c.score).toBe(0.75);
    expect(c.reason).toBe('Covers 3 of your 4 care types');
  });
  it('one of one, none of two, and no needs at all', () => {
    expect(scoreCareTypes(['in_home_care'], ['in_home_care']).reason).toBe('Covers 1 of your 1 care type');
    expect(scoreCareTypes(['in_home_care', 'medical_support'], []).score).toBe(0);
    expect(scoreCareTypes([], ['in_home_care'])).toMatchObject({
      score: 0,
      reason: 'Add the care you need to compare care types',
    });
  });
  it('speaks to the professional when they read it', () => {
    expect(scoreCareTypes(['in_home_care', 'medical_support'], ['in_home_care'], 'professional').reason).toBe(
      'You cover 1 of their 2 care types',
    );
  });
});

describe('schedule (35 %) from the shift codes’ real hours', () => {
  it('a weekday 8 AM–4 PM shift is 40 hours, Monday to Friday', () => {
    const hours = shiftHours('weekday_8am_4pm');
    expect(hours).toHaveLength(40);
    expect(hours).toContain(24 + 8); // Monday 08:00
    expect(hours).not.toContain(24 + 16); // Monday 16:00 is the end
    expect(hours).not.toContain(8); // not Sunday
  });
  it('an overnight shift runs into the next day, Friday night into Saturday', () => {
    const hours = shiftHours('weekday_6pm_8am'); // 14 h × 5
    expect(hours).toHaveLength(70);
    expect(hours).toContain(6 * 24 + 7); // Saturday 07:00
  });
  it('8 AM–4 PM needed, 8 AM–6 PM offered: every hour covered', () => {
    const c = scoreSchedule(['weekday_8am_4pm'], ['weekday_8am_6pm']);
    expect(c.score).toBe(1);
    expect(c.reason).toBe('Free for all 40 hours a week you need');
  });
  it('weekday 6 AM–6 PM needed (60 h), 8 AM–4 PM offered (40 h): 40/60, mornings not whole', () => {
    const c = scoreSchedule(['weekday_6am_6pm'], ['weekday_8am_4pm']);
    expect(c.score).toBeCloseTo(40 / 60, 10);
    // Mornings 6–12 need 30 h, 20 are free; afternoons 12–18 need 30 h, 20 are free: no whole part.
    expect(c.reason).toBe('Free for 40 of 60 hours a week you need');
  });
  it('weekday days and weekend days needed, weekday days offered: names the weekday parts', () => {
    // Needed: weekday 8–4 (40 h) + weekend 8–6 (20 h) = 60 h; offered weekday 6–6 covers the 40 weekday hours.
    const c = scoreSchedule(['weekday_8am_4pm', 'weekend_8am_6pm'], ['weekday_6am_6pm']);
    expect(c.score).toBeCloseTo(40 / 60, 10);
    expect(c.reason).toBe('Free on your weekday mornings and afternoons (40 of 60 hours a week)');
  });
  it('no overlap, live-in needs every hour, flexible offers every hour', () => {
    expect(scoreSchedule(['weekday_8am_4pm'], ['weekend_8am_6pm'])).toMatchObject({
      score: 0,
      reason: 'Not free at the hours you need',
    });
    expect(scoreSchedule(['live_in'], ['weekday_8am_4pm']).score).toBeCloseTo(40 / 168, 10);
    expect(scoreSchedule(['weekday_6pm_8am'], ['flexible']).score).toBe(1);
  });
  it('flexible or custom needs fit any stated availability; no schedule scores nothing', () => {
    expect(scoreSchedule(['flexible'], ['weekday_8am_4pm']).score).toBe(1);
    expect(scoreSchedule(['other'], []).score).toBe(0);
    expect(scoreSchedule([], ['weekday_8am_4pm']).reason).toBe('Add your schedule to compare hours');
  });
});

describe('experience (20 %)', () => {
  it.each([
    ['years_0_1', 0.1, '0–1 years'],
    ['years_1_3', 0.3, '1–3 years'],
    ['years_3_5', 0.5, '3–5 years'],
    ['years_5_10', 0.75, '5–10 years'],
    ['years_10_plus', 1, '10+ years'],
    [null, 0, 'Experience not given'],
  ] as const)('%s → %d, %s', (code, score, reason) => {
    expect(scoreExperience(code)).toEqual({ key: 'experience', score, reason });
  });
});

describe('location (15 %)', () => {
  it('reads regions out of a typed location, never guessing', () => {
    expect(regionsOfLocation('Near San Fernando')).toEqual(['san_fernando']);
    expect(regionsOfLocation('Chaguanas and Couva')).toEqual(['chaguanas', 'couva']);
    expect(regionsOfLocation('Tobago')).toEqual(['scarborough']);
    expect(regionsOfLocation('POS')).toEqual(['port_of_spain']);
    expect(regionsOfLocation('Diego Martin')).toEqual([]);
    expect(regionsOfLocation(null)).toEqual([]);
  });
  it('haversine between region centres: Port of Spain – Arima is about 24 km', () => {
    // Δlat 0.018°, Δlon 0.220° × cos(10.65°) ≈ 0.216°: √(0.018² + 0.216²) × 111.2 km ≈ 24.1 km.
    expect(regionDistanceKm('port_of_spain', 'arima')).toBeCloseTo(24.1, 0);
    expect(regionDistanceKm('arima', 'arima')).toBe(0);
    expect(regionDistanceKm('other', 'arima')).toBeNull();
  });
  it('full marks up to 5 km, none from 60 km, a straight line between', () => {
    expect(scoreLocation('arima', ['arima'])).toMatchObject({ score: 1, reason: 'Arima, 0 km' });
    const c = scoreLocation('port_of_spain', ['arima']);
    const km = regionDistanceKm('port_of_spain', 'arima')!;
    expect(c.score).toBeCloseTo(1 - (km - 5) / 55, 10);
    expect(c.reason).toBe('Arima, 24 km');
    // Point Fortin – Sangre Grande is well over 60 km.
    expect(scoreLocation('point_fortin', ['sangre_grande']).score).toBe(0);
  });
  it('Tobago–Trinidad is far, and a region on the same island wins over a nearer-looking one', () => {
    expect(scoreLocation('scarborough', ['port_of_spain'])).toMatchObject({
      score: 0,
      reason: 'Port of Spain, on the other island',
    });
    expect(scoreLocation('scarborough', ['port_of_spain', 'scarborough']).score).toBe(1);
  });
  it('an unplaced region scores nothing', () => {
    expect(scoreLocation(null, ['arima']).score).toBe(0);
    expect(scoreLocation('arima', []).reason).toBe('Region not given');
  });
});

describe('the weights and the total', () => {
  it('are 30/35/20/15 and add up to 1', () => {
    expect(MATCH_WEIGHTS).toEqual({ careTypes: 0.3, schedule: 0.35, experience: 0.2, location: 0.15 });
    expect(Object.values(MATCH_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
  });
  it('a hand-worked match: 0.3×0.75 + 0.35×1 + 0.2×0.75 + 0.15×1 = 0.875 → 88', () => {
    const needs: MatchNeeds = {
      careTypes: ['in_home_care', 'medical_support', 'mobility_assistance', 'household_assistance'],
      shifts: ['weekday_8am_4pm'],
      region: 'arima',
      budget: null,
    };
    const offer: MatchOffer = {
      careTypes: ['in_home_care', 'medical_support', 'mobility_assistance'],
      shifts: ['weekday_8am_6pm'],
      experience: 'years_5_10',
      regions: ['arima'],
    };
    const result = scoreMatch(needs, offer);
    expect(result.total).toBe(88);
    expect(result.components.map((c) => c.reason)).toEqual([
      'Covers 3 of your 4 care types',
      'Free for all 40 hours a week you need',
      '5–10 years',
      'Arima, 0 km',
    ]);
  });
  it('each weight alone: a perfect component and nothing else gives its weight', () => {
    const none: MatchOffer = { careTypes: [], shifts: [], experience: null, regions: [] };
    const needs: MatchNeeds = {
      careTypes: ['in_home_care'],
      shifts: ['weekday_8am_4pm'],
      region: 'arima',
      budget: null,
    };
    expect(scoreMatch(needs, none).total).toBe(0);
    expect(scoreMatch(needs, { ...none, careTypes: ['in_home_care'] }).total).toBe(30);
    expect(scoreMatch(needs, { ...none, shifts: ['weekday_8am_4pm'] }).total).toBe(35);
    expect(scoreMatch(needs, { ...none, experience: 'years_10_plus' }).total).toBe(20);
    expect(scoreMatch(needs, { ...none, regions: ['arima'] }).total).toBe(15);
  });
  it('is deterministic: the same inputs, the same score', () => {
    const needs: MatchNeeds = { careTypes: ['in_home_care'], shifts: ['live_in'], region: 'couva', budget: null };
    const offer: MatchOffer = {
      careTypes: ['in_home_care'],
      shifts: ['weekend_6am_6pm'],
      experience: 'years_3_5',
      regions: ['chaguanas'],
    };
    expect(scoreMatch(needs, offer)).toEqual(scoreMatch(needs, offer));
  });
});

describe('the shared budget format as numbers', () => {
  it.each([
    ['$20-30/hour', { kind: 'range', min: 20, max: 30 }],
    ['25', { kind: 'range', min: 25, max: 25 }],
    ['$25.50/hour', { kind: 'range', min: 25.5, max: 25.5 }],
    ['$30 - 20', { kind: 'range', min: 20, max: 30 }],
    ['Negotiable', { kind: 'negotiable' }],
    ['about twenty', null],
    ['', null],
  ] as const)('%j', (text, expected) => {
    expect(parseHourlyRate(text)).toEqual(expected);
  });
  it('a rate fits a wanted range when they overlap; negotiable fits any; unknown fits none', () => {
    const rate = parseHourlyRate('$20-30/hour');
    expect(rateFits(rate, 25, 40)).toBe(true);
    expect(rateFits(rate, 31, undefined)).toBe(false);
    expect(rateFits(rate, undefined, 19)).toBe(false);
    expect(rateFits({ kind: 'negotiable' }, 100, 200)).toBe(true);
    expect(rateFits(null, 10, 20)).toBe(false);
    expect(rateFits(null, undefined, undefined)).toBe(true);
    expect(formatHourlyRate(rate)).toBe('$20–30 an hour');
  });
});

describe('the availability filter', () => {
  it('keeps someone free for every hour of the shift asked for', async () => {
    const { coversShift, overlapsShift } = await import('./score');
    expect(coversShift(['weekday_8am_6pm'], 'weekday_8am_4pm')).toBe(true);
    expect(coversShift(['weekday_8am_4pm'], 'weekday_8am_6pm')).toBe(false);
    expect(coversShift(['flexible'], 'weekday_6pm_8am')).toBe(true);
    expect(coversShift(['weekday_8am_4pm'], 'live_in')).toBe(false);
    expect(coversShift(['live_in'], 'live_in')).toBe(true);
    expect(overlapsShift('weekday_8am_4pm', 'weekday_6am_6pm')).toBe(true);
    expect(overlapsShift('weekday_8am_4pm', 'weekend_8am_6pm')).toBe(false);
  });
});

describe('matchTotals (ranking without the sentences)', () => {
  /** A small seeded generator (mulberry32): the same cases on every run. */
  function random(seed: number) {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const next = random(20261126);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], max: number) =>
    Array.from({ length: Math.floor(next() * (max + 1)) }, () => pick(list));
  // Codes people can choose, plus what the scorer must also survive: unknown codes, 'other'.
  const careTypes = [...CARE_TYPE_OPTIONS.map((o) => o.code), 'not_a_care_type'];
  const shifts = [...SHIFT_OPTIONS.map((o) => o.code), 'not_a_shift'];
  const regions = TT_REGION_OPTIONS.map((o) => o.code) as TtRegionCode[];
  const experience = [...YEARS_OF_EXPERIENCE_OPTIONS.map((o) => o.code), 'not_a_range', null];

  it('gives exactly scoreMatch’s total for 5,000 generated families and professionals', () => {
    for (let i = 0; i < 500; i += 1) {
      const needs: MatchNeeds = {
        careTypes: some(careTypes, 5),
        shifts: some(shifts, 4),
        region: next() < 0.15 ? null : pick(regions),
        budget: null,
      };
      const total = matchTotals(needs);
      for (let j = 0; j < 10; j += 1) {
        const offer: MatchOffer = {
          careTypes: some(careTypes, 8),
          shifts: some(shifts, 5),
          experience: pick(experience),
          regions: some(regions, 3),
        };
        expect(total(offer), JSON.stringify({ needs, offer })).toBe(scoreMatch(needs, offer).total);
      }
    }
  });

  it('scores offers that share their lists (as the server hands them out) as if each had its own', () => {
    const lists = Array.from({ length: 12 }, () => ({ careTypes: some(careTypes, 8), shifts: some(shifts, 5) }));
    for (let i = 0; i < 100; i += 1) {
      const needs: MatchNeeds = { careTypes: some(careTypes, 5), shifts: some(shifts, 4), region: null, budget: null };
      const total = matchTotals(needs);
      for (let j = 0; j < 40; j += 1) {
        // The care types of one shared list with the shifts of another: each array is remembered on its own.
        const offer: MatchOffer = {
          careTypes: pick(lists).careTypes,
          shifts: pick(lists).shifts,
          experience: pick(experience),
          regions: some(regions, 2),
        };
        expect(total(offer), JSON.stringify({ needs, offer })).toBe(scoreMatch(needs, offer).total);
      }
    }
  });

  it('works the distance out once per place, whatever order offers come in', () => {
    const needs: MatchNeeds = { careTypes: ['in_home_care'], shifts: [], region: 'arima', budget: null };
    const total = matchTotals(needs);
    const near = regionsOfLocation('Arima');
    const far = regionsOfLocation('Scarborough, Tobago');
    const offer = (r: readonly TtRegionCode[]): MatchOffer => ({
      careTypes: [],
      shifts: [],
      experience: null,
      regions: r,
    });
    expect([total(offer(far)), total(offer(near)), total(offer(far))]).toEqual([
      scoreMatch(needs, offer(far)).total,
      scoreMatch(needs, offer(near)).total,
      scoreMatch(needs, offer(far)).total,
    ]);
  });
});
