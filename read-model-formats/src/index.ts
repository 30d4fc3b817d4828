// The read-model formats' face: each format that is more than one document, with its writer and its reader, in one
// place for the workers (which write) and the API (which reads). Server-only: the web client never reads them.

// A read model's documents, read and written by `_id` alone.
export type { ById, ReadModelStore, ReadModelUpdate } from './read-model-store';

// Comment pages: a thread's comments, packed and loose (CommentPageReadModel).
export { emptyCommentPage, LOOSE_ITEMS, pageComment, pageComments, withComment, withCommentFields } from './comment-pages/comment-pages-format';

// Ordered pages: sets of entries in key order, paged, one part per owner and partition (the audit trail, moderation
// views, reader activity).
export {
  type OrderedDirectoryReadModel,
  orderedDirectoryId,
  type OrderedEntry,
  type OrderedHeadReadModel,
  orderedPageId,
  type OrderedPageReadModel,
  type OrderedPageRef,
  packDirectory,
  packEntries,
  unpackDirectory,
  unpackEntries,
} from './ordered-pages/ordered-pages-format';
export { type OrderedEdge, type OrderedOp, OrderedPages, type OrderedStamp, orderedStamp, type OrderedStores } from './ordered-pages/ordered-pages-writer';
export { type OrderedLoader, type OrderedSelection, readOrdered, storedPages } from './ordered-pages/ordered-pages-reader';

// A reader's reply inbox: ordered pages in parts, with the reader's read mark.
export { type ReadModelCollections, type ReadModelReads, ReplyInbox } from './reply-inbox/reply-inbox-reader';
