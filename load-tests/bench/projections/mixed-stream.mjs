// The projections benchmark's mixed stream of events: story like/unlike toggles, comments, replies and chapter events,
// in the exact shapes the commands append, drawn in the shares of MIX.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { commentPosted } from '../lib/comments.mjs';
import { root } from '../lib/local-services.mjs';
import { ACTOR, CONFIG, MIX } from './config.mjs';

const require = createRequire(import.meta.url);
const { CatalogEventType, SocialEventType, catalogStreams, socialStreams } = require(join(root, 'contracts/dist/index.js'));

const CHAPTER_TEXT = Array.from({ length: 60 }, (_, i) => `Benchmark sentence ${i + 1} of a freshly published chapter.`).join(' ');

/** Draws the next event of the mix; every stream it appends to is owned by this process, so versions are known. */
export function createMix(chapterList, readers) {
  const likes = new Map();
  const chapters = chapterList.map((data) => ({ key: `${data.book_id}-${data.chapter_id}`, data, version: 1, busy: false }));
  const lastChapter = new Map();
  for (const { data } of chapters) lastChapter.set(data.book_id, Math.max(lastChapter.get(data.book_id) ?? 0, data.chapter_id));
  const bookIds = [...lastChapter.keys()];
  const recent = [];
  const counts = { like: 0, unlike: 0, comment: 0, reply: 0, chapterUpdated: 0, chapterPublished: 0 };
  let n = 0;
  const any = (items) => items[Math.floor(Math.random() * items.length)];
  const metadata = (actor) => ({ actor, correlationId: randomUUID(), causationId: null });

  const commentOp = (parent) => {
    let author = any(readers);
    while (parent && author.id === parent.user_id) author = any(readers);
    let thread;
    if (parent) thread = { book_id: parent.book_id, chapter_id: parent.chapter_id };
    else {
      const chapter = any(chapters).data;
      thread = { book_id: chapter.book_id, chapter_id: Math.random() < 0.2 ? null : chapter.chapter_id };
    }
    const commentId = randomUUID();
    const content = `${parent ? 'Reply' : 'Comment'} ${++n} from the projections benchmark: the translation of this chapter reads well.`;
    const data = commentPosted({ commentId, thread, parent, author, content });
    return {
      kind: parent ? 'reply' : 'comment',
      streamId: socialStreams.comment(commentId),
      expectedVersion: 0,
      events: [{ type: SocialEventType.CommentPosted, data }],
      metadata: metadata(author.id),
      done(ok) {
        if (!ok) return;
        counts[parent ? 'reply' : 'comment']++;
        recent.push({ comment_id: commentId, user_id: author.id, book_id: thread.book_id, chapter_id: thread.chapter_id });
        if (recent.length > 500) recent.shift();
      },
    };
  };

  const likeOp = () => {
    for (let tries = 0; tries < 10; tries++) {
      const bookId = any(bookIds);
      const reader = any(readers);
      const streamId = socialStreams.storyLike(bookId, reader.id);
      const state = likes.get(streamId) ?? { version: 0, liked: false, busy: false };
      if (state.busy) continue;
      likes.set(streamId, state);
      state.busy = true;
      const type = state.liked ? SocialEventType.StoryUnliked : SocialEventType.StoryLiked;
      return {
        kind: 'like',
        streamId,
        expectedVersion: state.version,
        events: [{ type, data: { book_id: bookId, user_id: reader.id } }],
        metadata: metadata(reader.id),
        done(ok) {
          state.busy = false;
          if (!ok) return;
          state.version++;
          state.liked = !state.liked;
          counts[state.liked ? 'like' : 'unlike']++;
        },
      };
    }
    return commentOp(null);
  };

  const chapterOp = () => {
    if (Math.random() < CONFIG.chapterPublishShare) {
      const bookId = any(bookIds);
      const chapterId = lastChapter.get(bookId) + 1;
      lastChapter.set(bookId, chapterId);
      const data = {
        book_id: bookId,
        chapter_id: chapterId,
        title: `Chapter ${chapterId}: published by the benchmark`,
        content: CHAPTER_TEXT,
        footnote: '',
        chapter_author_note: '',
        chapter_tl_note: '',
        uploaded_time: new Date().toISOString(),
      };
      const entry = { key: `${bookId}-${chapterId}`, data, version: 0, busy: true };
      return {
        kind: 'chapter',
        streamId: catalogStreams.chapter(bookId, chapterId),
        expectedVersion: 0,
        events: [{ type: CatalogEventType.ChapterPublished, data }],
        metadata: metadata(ACTOR),
        done(ok) {
          entry.busy = false;
          if (!ok) return;
          entry.version = 1;
          chapters.push(entry);
          counts.chapterPublished++;
        },
      };
    }
    for (let tries = 0; tries < 10; tries++) {
      const entry = any(chapters);
      if (entry.busy) continue;
      entry.busy = true;
      const data = { ...entry.data, title: `${entry.data.title.replace(/ \(rev \d+\)$/, '')} (rev ${entry.version})` };
      return {
        kind: 'chapter',
        streamId: catalogStreams.chapter(data.book_id, data.chapter_id),
        expectedVersion: entry.version,
        events: [{ type: CatalogEventType.ChapterUpdated, data }],
        metadata: metadata(ACTOR),
        done(ok) {
          entry.busy = false;
          if (!ok) return;
          entry.version++;
          entry.data = data;
          counts.chapterUpdated++;
        },
      };
    }
    return likeOp();
  };

  return {
    counts,
    next() {
      const r = Math.random();
      if (r < MIX.like) return likeOp();
      if (r < MIX.like + MIX.comment) return commentOp(null);
      if (r < MIX.like + MIX.comment + MIX.reply) return recent.length > 0 ? commentOp(any(recent)) : commentOp(null);
      return chapterOp();
    },
  };
}
