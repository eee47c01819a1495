import { CARE_TYPE_OPTIONS } from '@tavara/shared/codes/care-types';
import type { CodeOption } from '@tavara/shared/codes/code-option';
import { PROFESSIONAL_CONDITION_EXPERIENCE_OPTIONS } from '@tavara/shared/codes/professional-condition-experience';
import { SHIFT_OPTIONS } from '@tavara/shared/codes/shift-options';
import { TT_REGION_OPTIONS } from '@tavara/shared/codes/tt-region-options';
import { YEARS_OF_EXPERIENCE_OPTIONS } from '@tavara/shared/codes/years-of-experience';
import { SelectField } from '@/components/ui/select-field';

/** Filters are the shared codes; "Any" is the empty value (the filter left out of the request). */
const withAny = (options: readonly CodeOption[], any = 'Any') => [
  { value: '', label: any },
  ...options.map((o) => ({ value: o.code, label: o.label })),
];

export const FILTER_CHOICES = {
  careType: withAny(CARE_TYPE_OPTIONS),
  condition: withAny(PROFESSIONAL_CONDITION_EXPERIENCE_OPTIONS),
  shift: withAny(SHIFT_OPTIONS.filter((s) => s.code !== 'other')),
  minExperience: withAny(
    YEARS_OF_EXPERIENCE_OPTIONS.map((o) => ({ code: o.code, label: `${o.minYears}+ years` })),
    'Any experience',
  ),
  region: withAny(
    TT_REGION_OPTIONS.filter((r) => r.code !== 'other'),
    'Your own region',
  ),
  maxKm: [
    { value: '', label: 'Any distance' },
    ...[10, 20, 40, 60].map((km) => ({ value: String(km), label: `Within ${km} km` })),
  ],
};

export function FilterSelect({
  name,
  label,
  value,
  onChange,
}: {
  name: keyof typeof FILTER_CHOICES;
  label: string;
  value: string;
  onChange: (name: string, value: string) => void;
}) {
  return (
    <SelectField
      label={label}
      name={name}
      value={value}
      options={FILTER_CHOICES[name]}
      onChange={(event) => onChange(name, event.target.value)}
    />
  );
}
