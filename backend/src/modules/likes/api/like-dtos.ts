import { WholeId } from '../../../platform/http/whole-id.decorator';

export class BookIdInput {
  @WholeId('book_id')
  book_id!: number;
}
