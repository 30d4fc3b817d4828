import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { toWholeNumber } from './whole-number.transform';

/** A story's or chapter's id in a body or query: a whole number from 1, named in its message. */
export function WholeId(field: string): PropertyDecorator {
  return applyDecorators(Transform(toWholeNumber), WholeIdChecks(field));
}

/** WholeId's checks alone, for a field with a transform of its own (one that may be absent). */
export function WholeIdChecks(field: string): PropertyDecorator {
  const message = `${field} must be a whole number.`;
  return applyDecorators(IsInt({ message }), Min(1, { message }), Max(Number.MAX_SAFE_INTEGER, { message }));
}
