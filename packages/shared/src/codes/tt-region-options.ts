import { codesOf, type CodeOption } from './code-option';

/** Trinidad and Tobago regions, for locations and filters. */
export const TT_REGION_OPTIONS = [
  { code: 'port_of_spain', label: 'Port of Spain' },
  { code: 'san_fernando', label: 'San Fernando' },
  { code: 'arima', label: 'Arima' },
  { code: 'chaguanas', label: 'Chaguanas' },
  { code: 'couva', label: 'Couva' },
  { code: 'point_fortin', label: 'Point Fortin' },
  { code: 'princes_town', label: 'Princes Town' },
  { code: 'sangre_grande', label: 'Sangre Grande' },
  { code: 'san_juan', label: 'San Juan' },
  { code: 'scarborough', label: 'Scarborough (Tobago)' },
  { code: 'other', label: 'Other' },
] as const satisfies readonly CodeOption[];

export const TT_REGION_CODES = codesOf(TT_REGION_OPTIONS);
export type TtRegionCode = (typeof TT_REGION_CODES)[number];

/** Trinidad and Tobago's country calling code (product notes). */
export const TT_PHONE_COUNTRY_CODE = '+1 868';
