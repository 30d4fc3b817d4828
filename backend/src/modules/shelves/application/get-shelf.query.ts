import { Injectable } from '@nestjs/common';
import type { ShelfResponse } from '@shelf/contracts';
import { ShelvesReadStore } from '../infrastructure/shelves-read-store';

/** The shelf one story is on in the reader's library. */
@Injectable()
export class GetShelfQuery {
  constructor(private readonly shelves: ShelvesReadStore) {}

  async execute(userId: string, bookId: number): Promise<ShelfResponse> {
    return { shelf: (await this.shelves.stories(userId))[`b${bookId}`]?.shelf ?? null };
  }
}
