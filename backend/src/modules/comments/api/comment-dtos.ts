import { COMMENT_RULES, COMMENT_SORTS, type CommentSort, REPORT_REASONS, type ReportReason } from '@shelf/contracts';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { toWholeNumber } from '../../../platform/http/whole-number.transform';

/** Shapes and sizes only; the comment rules and their messages are checked by the commands. */
const TOO_LONG = `Your comment must be at most ${COMMENT_RULES.maxLength} characters long.`;
const isNothing = (value: unknown) => value === undefined || value === null || value === '' || value === 'null';
/** Absent, empty or 'null' all mean "no chapter": the book's own comments. */
const nullableNumber = ({ value }: { value: unknown }) => (isNothing(value) ? null : toWholeNumber({ value }));
const nullable = ({ value }: { value: unknown }) => (isNothing(value) ? null : value);

class ThreadFields {
  @Transform(toWholeNumber)
  @IsInt({ message: 'book_id must be a whole number.' })
  @Min(1, { message: 'book_id must be a whole number.' })
  @Max(Number.MAX_SAFE_INTEGER, { message: 'book_id must be a whole number.' })
  book_id!: number;

  @Transform(nullableNumber)
  @IsOptional()
  @IsInt({ message: 'chapter_id must be a whole number.' })
  @Min(1, { message: 'chapter_id must be a whole number.' })
  @Max(Number.MAX_SAFE_INTEGER, { message: 'chapter_id must be a whole number.' })
  chapter_id: number | null = null;
}

export class ShowCommentsQuery extends ThreadFields {
  @IsOptional()
  @IsIn(COMMENT_SORTS, { message: 'criteria must be likes, newest or oldest.' })
  criteria: CommentSort = 'likes';
}

export class PostCommentBody extends ThreadFields {
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
