import { Type } from 'class-transformer';
import { IsInt, Min } from 'class-validator';

export class BookIdInput {
  @Type(() => Number)
  @IsInt({ message: 'book_id must be a whole number.' })
  @Min(1, { message: 'book_id must be a whole number.' })
  book_id!: number;
}
