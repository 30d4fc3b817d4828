import { COMMENT_RULES, COMMENT_SORTS, COMMENTS_PAGE_MAX, type CommentSort, PARAGRAPH_KEY, REPORT_REASONS, type ReportReason } from '@shelf/contracts';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { CommentAnswer } from '../domain/comment-messages';
import { WholeId, WholeIdChecks } from '../../../platform/http/whole-id.decorator';
import { toWholeNumber } from '../../../platform/http/whole-number.transform';

/** Shapes and sizes only; the comment rules and their messages are checked by the commands. */
const TOO_LONG = `Your comment must be at most ${COMMENT_RULES.maxLength} characters long.`;
const isNothing = (value: unknown) => value === undefined || value === null || value === '' || value === 'null';
/** Absent, empty or 'null' all mean "no chapter": the book's own comments. */
const nullableNumber = ({ value }: { value: unknown }) => (isNothing(value) ? null : toWholeNumber({ value }));
const nullable = ({ value }: { value: unknown }) => (isNothing(value) ? null : value);

class ThreadFields {
  @WholeId('book_id')
  book_id!: number;

  @Transform(nullableNumber)
  @IsOptional()
  @WholeIdChecks('chapter_id')
  chapter_id: number | null = null;
}

/** A chapter paragraph's key (PARAGRAPH_KEY), optional: absent, empty or 'null' is none. */
class ParagraphField extends ThreadFields {
  @Transform(nullable)
  @IsOptional()
  @IsString({ message: CommentAnswer.badParagraph })
  @Matches(PARAGRAPH_KEY, { message: CommentAnswer.badParagraph })
  paragraph: string | null = null;
}

/** A chapter, for its paragraphs' comment counts. */
export class ParagraphCountsQuery {
  @WholeId('book_id')
  book_id!: number;

  @WholeId('chapter_id')
  chapter_id!: number;
}

const LIMIT = `limit must be a whole number from 1 to ${COMMENTS_PAGE_MAX}.`;

/** A thread, its order, and optionally a page of it: `limit` comments after the comment `after` (see GetCommentsQuery). */
export class ShowCommentsQuery extends ParagraphField {
  @IsOptional()
  @IsIn(COMMENT_SORTS, { message: 'criteria must be likes, newest or oldest.' })
  criteria: CommentSort = 'likes';

  @Transform(toWholeNumber)
  @IsOptional()
  @IsInt({ message: LIMIT })
  @Min(1, { message: LIMIT })
  @Max(COMMENTS_PAGE_MAX, { message: LIMIT })
  limit?: number;

  @IsOptional()
  @IsUUID('all', { message: 'after is not a comment id.' })
  after?: string;
}

/** The page asked for: none when neither `limit` nor `after` is given (the whole thread, as the spec has it). */
export const pageAsked = ({ limit, after }: ShowCommentsQuery) =>
  limit === undefined && after === undefined ? null : { limit: limit ?? COMMENTS_PAGE_MAX, after: after ?? null };

export class PostCommentBody extends ParagraphField {
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  honeypot?: string;

  @Transform(nullable)
  @IsOptional()
  @IsUUID('all', { message: 'parent_comment_id is not a comment id.' })
  parent_comment_id: string | null = null;

  @IsString({ message: 'Please write a comment.' })
  @MaxLength(COMMENT_RULES.maxLength * 2, { message: TOO_LONG })
  comment_content!: string;
}

export class CommentIdBody {
  @IsUUID('all', { message: 'comment_id is not a comment id.' })
  comment_id!: string;
}

export class ReportCommentBody extends CommentIdBody {
  @IsOptional()
  @IsIn(REPORT_REASONS, { message: `reason must be one of ${REPORT_REASONS.join(', ')}.` })
  reason: ReportReason | null = null;
}

export class EditCommentBody extends CommentIdBody {
  @IsOptional()
  @IsString()
  @MaxLength(1024)
  honeypot?: string;

  @IsString({ message: 'Please write a comment.' })
  @MaxLength(COMMENT_RULES.maxLength * 2, { message: TOO_LONG })
  new_comment_content!: string;
}

export const isBot = (body: { honeypot?: string }): boolean => Boolean(body.honeypot);
