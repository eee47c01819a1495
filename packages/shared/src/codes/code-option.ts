/**
 * The shape every canonical option list in `codes/` shares. Product notes, lesson 2: the chat, the
 * forms, the database, filters and matching all use these codes; labels are for people and may be
 * reworded per screen, codes never change once stored.
 */
export interface CodeOption {
  /** Stable snake_case value stored in the database and sent over the API. */
  readonly code: string;
  /** What people see by default. A screen may show its own wording for the same code. */
  readonly label: string;
  /** Optional examples or explanation shown under the label. */
  readonly subtext?: string;
}

/** The codes of an option list as a typed tuple, ready for `z.enum`. */
export function codesOf<const T extends readonly CodeOption[]>(options: T): { readonly [K in keyof T]: T[K]['code'] } {
  return options.map((option) => option.code) as unknown as { readonly [K in keyof T]: T[K]['code'] };
}

/** The label of `code` in `options`, or `undefined` for an unknown code. */
export function getCodeLabel(options: readonly CodeOption[], code: string): string | undefined {
  return options.find((option) => option.code === code)?.label;
}

/** Whether `value` is one of the codes in `options`. */
export function isCodeOf(options: readonly CodeOption[], value: unknown): boolean {
  return typeof value === 'string' && options.some((option) => option.code === value);
}
