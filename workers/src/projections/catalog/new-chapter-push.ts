import { type CatalogEvent, CatalogEventType, type ChapterPublishedPush, type ChapterReadModel } from '@shelf/contracts';

/**
 * What readers of the book hear when `event` is projected onto the chapter document `before` it: a push for a chapter
 * published for the first time that the read model did not hold yet, nothing otherwise. An edit (ChapterUpdated) is
 * no new chapter, and a ChapterPublished the read model already reflects (a retried batch, a second delivery) was
 * announced when it was first applied. The caller sends nothing while rebuilding (see CatalogProjector).
 */
export function newChapterPush(before: ChapterReadModel | null, event: CatalogEvent): ChapterPublishedPush | null {
  if (event.type !== CatalogEventType.ChapterPublished || before !== null) return null;
  const { book_id, chapter_id, title } = event.data;
  return { book_id, chapter_id, title };
}
