import { Injectable } from '@nestjs/common';
import { bookKey, hasNewUpdates, type LikedStoriesResponse, type LikedStorySort, type ReaderLikedStory } from '@shelf/contracts';
import { CatalogLists } from '../../catalog';
import { LikedStoriesReadModels } from '../infrastructure/liked-stories-read-models';

export const LIKED_STORIES_PAGE_SIZE = 20;

/** A page of the reader's liked stories, each flagged with has_new_updates. Book data comes from the search engine. */
@Injectable()
export class GetLikedStoriesQuery {
  constructor(
    private readonly readers: LikedStoriesReadModels,
    private readonly lists: CatalogLists,
  ) {}

  async execute(userId: string, pageNum: number, sort: LikedStorySort): Promise<LikedStoriesResponse> {
    const likes = await this.readers.likes(userId);
    const liked = Object.values(likes?.books ?? {}).filter((story) => story.liked);
    const totalPages = Math.ceil(liked.length / LIKED_STORIES_PAGE_SIZE);
    if (liked.length === 0) return { books: [], totalPages };
    const pageSize = LIKED_STORIES_PAGE_SIZE;
    const result =
      sort === 'liked_time'
        ? await this.byLikedTime(liked, pageNum)
        : await this.lists.page({ page: pageNum, pageSize, sort: sort === 'like_count' ? 'likes' : 'newest', bookIds: liked.map((story) => story.book_id) });
    const flag = (bookId: number) => {
      const story = likes!.books[bookKey(bookId)];
      return story !== undefined && hasNewUpdates(story, likes!.checked_up_to);
    };
    return { books: result.books.map((book) => ({ ...book, has_new_updates: flag(book.book_id) })), totalPages };
  }

  /** Most recently liked first: the page is cut from the reader's own list, then its books are looked up. */
  private async byLikedTime(liked: ReaderLikedStory[], pageNum: number) {
    const ids = liked
      .sort((a, b) => b.liked_time.localeCompare(a.liked_time) || a.book_id - b.book_id)
      .slice((pageNum - 1) * LIKED_STORIES_PAGE_SIZE, pageNum * LIKED_STORIES_PAGE_SIZE)
      .map((story) => story.book_id);
    if (ids.length === 0) return { books: [] };
    const { books } = await this.lists.page({ page: 1, pageSize: ids.length, sort: 'newest', bookIds: ids });
    return { books: ids.flatMap((id) => books.filter((book) => book.book_id === id)) };
  }
}
