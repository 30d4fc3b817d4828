import { type Shelf, SHELVES } from '@shelf/contracts';
import { IsIn, ValidateIf } from 'class-validator';
import { BookIdInput } from '../../likes';

export class ShelfInput extends BookIdInput {
  @ValidateIf((_input, value) => value !== null)
  @IsIn(SHELVES, { message: `shelf must be one of ${SHELVES.join(', ')}, or null to take the story off its shelf.` })
  shelf!: Shelf | null;
}
