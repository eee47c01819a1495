import { TT_REGION_OPTIONS, type TtRegionCode } from '../codes/tt-regions';

/**
 * Where each Trinidad and Tobago region is, for matching's location component: the centre of its
 * main town (decimal degrees, rounded to 3 places — a few hundred metres, plenty for "how far").
 * 'other' has no centre, so a location we cannot place is never guessed.
 */
export const REGION_CENTRES: Readonly<Record<Exclude<TtRegionCode, 'other'>, { lat: number; lon: number }>> = {
  port_of_spain: { lat: 10.655, lon: -61.502 },
  san_fernando: { lat: 10.28, lon: -61.459 },
  arima: { lat: 10.637, lon: -61.282 },
  chaguanas: { lat: 10.517, lon: -61.411 },
  couva: { lat: 10.423, lon: -61.459 },
  point_fortin: { lat: 10.174, lon: -61.684 },
  princes_town: { lat: 10.271, lon: -61.377 },
  sangre_grande: { lat: 10.585, lon: -61.132 },
  san_juan: { lat: 10.65, lon: -61.45 },
  scarborough: { lat: 11.182, lon: -60.738 },
};

/** The island a region is on: a trip between them is a ferry or a flight, whatever the kilometres say. */
export function islandOf(region: TtRegionCode): 'trinidad' | 'tobago' | null {
  if (region === 'other') return null;
  return region === 'scarborough' ? 'tobago' : 'trinidad';
}

const EARTH_RADIUS_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle (haversine) distance in km between two region centres; null when either cannot be placed. */
export function regionDistanceKm(a: TtRegionCode, b: TtRegionCode): number | null {
  if (a === 'other' || b === 'other') return null;
  const p = REGION_CENTRES[a];
  const q = REGION_CENTRES[b];
  const dLat = rad(q.lat - p.lat);
  const dLon = rad(q.lon - p.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(p.lat)) * Math.cos(rad(q.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
}

/** Lower-case words only, so "San-Fernando", "san fernando," and "SAN FERNANDO" read alike. */
const simplify = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z]+/g, ' ')
    .trim();

/** Other names people write for a region's town (and Tobago itself, whose centre is Scarborough). */
const ALIASES: Readonly<Partial<Record<TtRegionCode, readonly string[]>>> = {
  port_of_spain: ['port of spain', 'pos'],
  scarborough: ['scarborough', 'tobago'],
  princes_town: ['princes town', 'prince s town'],
};

/**
 * The regions named in a typed location ("Arima", "Near San Fernando", "Chaguanas and Couva"), in
 * the order of the region list. Registration asks for a location as text, so matching reads the
 * canonical region names out of it; a location naming none of them has no region (never guessed).
 */
export function regionsOfLocation(location: string | null | undefined): TtRegionCode[] {
  if (!location) return [];
  // Thousands of professionals type a few dozen places: each is read once (bounded).
  const known = READ.get(location);
  if (known) return known;
  if (READ.size >= 5_000) READ.clear();
  const found = readRegions(location);
  READ.set(location, found);
  return found;
}
const READ = new Map<string, TtRegionCode[]>();

function readRegions(location: string): TtRegionCode[] {
  const text = ` ${simplify(location)} `;
  return TT_REGION_OPTIONS.filter((option) => {
    if (option.code === 'other') return false;
    const names = ALIASES[option.code] ?? [simplify(option.label)];
    return names.some((name) => text.includes(` ${name} `));
  }).map((option) => option.code);
}

/** The region's name for people ("Scarborough (Tobago)"). */
export function regionLabel(region: TtRegionCode): string {
  return TT_REGION_OPTIONS.find((option) => option.code === region)?.label ?? region;
}
