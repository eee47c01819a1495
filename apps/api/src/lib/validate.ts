import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { toFieldErrors } from '@tavara/shared/validation/field-errors';
import { AppError } from './app-error';

/**
 * `zValidator` that answers bad input in the one error shape: 422 `validation_failed` with a
 * message per field, so forms can show each message beside its field.
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (result.success) return;
    throw new AppError(
      'validation_failed',
      'Some of the information is missing or not valid.',
      toFieldErrors(result.error.issues),
    );
  });
}
