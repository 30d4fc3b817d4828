import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import { toWholeNumber } from '../../../platform/http/whole-number.transform';

const NOT_A_BOOK_ID = 'book_id must be a whole number.';

export class BookIdInput {
  @Transform(toWholeNumber)
  @IsInt({ message: NOT_A_BOOK_ID })
  @Min(1, { message: NOT_A_BOOK_ID })
  @Max(Number.MAX_SAFE_INTEGER, { message: NOT_A_BOOK_ID })
  book_id!: number;
}
