/**
 * Paragraph comments (issue 47, item 3). A chapter's paragraph is named by its key: a hash of its text as the site
 * shows it, so a comment stays with its paragraph through a revision that leaves that paragraph's text as it was, and a
 * paragraph whose text changed has a new key (its comments are then "on an earlier version"). The web app computes the
 * keys (web/src/shared/markdown/paragraph-keys.ts); the API asks the web app's server build for them, so both agree.
 *
 * A key is 14 letters and digits, with `-n` for the n-th paragraph of the same text in a chapter (n ≥ 2).
 */
export const PARAGRAPH_KEY = /^[0-9a-z]{14}(?:-[1-9][0-9]{0,3})?$/;

export const isParagraphKey = (value: unknown): value is string => typeof value === 'string' && PARAGRAPH_KEY.test(value);

/** `GET /api/comment/paragraph-counts`: per paragraph key of the chapter, its comments shown (not deleted or removed). */
export interface ParagraphCountsResponse {
  paragraphs: Record<string, number>;
}

export const ParagraphCommentText = {
  /** The mark of a comment of the chapter's thread whose paragraph the chapter no longer has. */
  earlierVersion: 'On an earlier version of this chapter',
  /** The mark of a comment of the chapter's thread on one of its paragraphs. */
  onParagraph: 'On a paragraph',
  /** The title of a paragraph's thread. */
  threadTitle: 'Comments on this paragraph',
} as const;
