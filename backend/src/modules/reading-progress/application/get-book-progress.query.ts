import { Injectable } from '@nestjs/common';
import type { BookProgressResponse } from '@shelf/contracts';
import { ReadingProgressReadStore } from '../infrastructure/reading-progress-read-store';

/** Where the reader stopped in a book and the chapters they have read, from the read models. */
@Injectable()
export class GetBookProgressQuery {
  constructor(private readonly progress: ReadingProgressReadStore) {}

  async execute(userId: string, bookId: number): Promise<BookProgressResponse> {
    const [positions, chaptersRead] = await Promise.all([this.progress.positions(userId), this.progress.chaptersRead(userId, bookId)]);
    return { progress: positions[`b${bookId}`] ?? null, chapters_read: chaptersRead };
  }
}
