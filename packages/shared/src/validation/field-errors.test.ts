import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toFieldErrors } from './field-errors';

describe('toFieldErrors', () => {
  it('keeps the first message of each field, in the order the schema reports them', () => {
    const schema = z.object({
      name: z.string().min(1, { error: 'Name, please.' }).min(3, { error: 'Longer name.' }),
      email: z.email({ error: 'A real address.' }),
    });
    const result = schema.safeParse({ name: '', email: 'x' });
    expect(result.success).toBe(false);
    const fields = toFieldErrors(result.error?.issues ?? []);
    expect(fields).toEqual({ name: 'Name, please.', email: 'A real address.' });
    expect(Object.keys(fields)).toEqual(['name', 'email']);
  });

  it('names nested fields with dotted paths and form-wide problems `_`', () => {
    const schema = z
      .object({ address: z.object({ city: z.string().min(1, { error: 'City, please.' }) }) })
      .refine(() => false, { error: 'Whole form.' });
    const fields = toFieldErrors(schema.safeParse({ address: { city: '' } }).error?.issues ?? []);
    expect(fields['address.city']).toBe('City, please.');
    expect(toFieldErrors([{ path: [], message: 'Whole form.' }])).toEqual({ _: 'Whole form.' });
    expect(toFieldErrors([{ path: [{ key: 'items' }, { key: 0 }], message: 'First item.' }])).toEqual({
      'items.0': 'First item.',
    });
  });
});
