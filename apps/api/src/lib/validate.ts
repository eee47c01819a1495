import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { toFieldErrors } from '@tavara/shared/validation/field-errors';
import { AppError } from './app-error';

/**
 * `zValidator` that answers bad input in the one error shape with a message per field, so forms
 * can show each message beside its field: a bad address (path or query: an unknown filter, a date
 * out of range) is 400 `bad_request`; a body the form sent is 422 `validation_failed` (issue 32).
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  const inAddress = target === 'query' || target === 'param';
  return zValidator(target, schema, (result) => {
    if (result.success) return;
    throw new AppError(
      inAddress ? 'bad_request' : 'validation_failed',
      inAddress
        ? 'The address asks for something that is not valid.'
        : 'Some of the information is missing or not valid.',
      toFieldErrors(result.error.issues),
    );
  });
}
