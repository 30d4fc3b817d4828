import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { toWholeNumber } from './whole-number.transform';

/** An optional page number of a list, from 1 (the field's default), named in its message. */
export function PageNumber(field: string): PropertyDecorator {
  const message = `${field} must be a whole number from 1.`;
  return applyDecorators(IsOptional(), Transform(toWholeNumber), IsInt({ message }), Min(1, { message }), Max(100_000, { message }));
}
