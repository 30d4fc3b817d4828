import { Body, Controller, Get, Headers, HttpCode, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { CommentWriteResponse, ParagraphCountsResponse } from '@shelf/contracts';
import type { Request, Response } from 'express';
import { DomainError } from '../../../domain/domain-error';
import { RefusalsCarry } from '../../../platform/http/refusal.filter';
import { WriteLimit, WriteLimitGuard } from '../../../platform/rate-limits/write-limit.guard';
import { WriteLimits } from '../../../platform/rate-limits/write-limits';
import { claimsOf, UserGuard } from '../../../platform/auth/auth.guards';
import { DeleteCommentCommand } from '../application/delete-comment.command';
import { EditCommentCommand } from '../application/edit-comment.command';
import { GetCommentsQuery } from '../application/get-comments.query';
import { LikeCommentCommand } from '../application/like-comment.command';
import type { PostOutcome } from '../application/post-comment.handler';
import { PostCommentCommand } from '../application/post-comment.command';
import { ReportCommentCommand } from '../application/report-comment.command';
import { CommentAnswer } from '../domain/comment-messages';
import { CommentIdBody, EditCommentBody, isBot, pageAsked, ParagraphCountsQuery, PostCommentBody, ReportCommentBody, ShowCommentsQuery } from './comment-dtos';
import { sendThreadAnswer } from './thread-answer';

/** What an `Idempotency-Key` header may be: a client's random id (a UUID, say). */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** A command's message as the spec's `success` answer; a refusal answers `success: 0` (RefusalsCarry below). */
const answer = (message: string): CommentWriteResponse => ({ success: 1, message });

/**
 * The /api/comment endpoints. Every write needs a logged-in reader (401 otherwise). The two thread
 * reads answer the whole thread, as the spec has it, or with `limit`/`after` a page of it, with CommentsPaging's
 * fields besides the spec's (docs/architecture.md, "Reading a thread").
 */
@Controller('comment')
@RefusalsCarry({ success: 0 })
export class CommentController {
  constructor(
    private readonly commands: CommandBus,
    private readonly comments: GetCommentsQuery,
  ) {}

  /** Answers `CommentsResponse`, with CommentsPaging's fields when paged. */
  @Get('show-comments')
  async show(@Req() req: Request, @Res() res: Response, @Query() query: ShowCommentsQuery): Promise<void> {
    const { comments, paging } = await this.comments.execute(query, query.criteria, null, pageAsked(query), query.paragraph);
    await sendThreadAnswer(req, res, { comments, ...paging });
  }

  /** Answers `CommentsWithLikesResponse`, with CommentsPaging's fields when paged. */
  @Get('show-comments-with-like-comments')
  @UseGuards(UserGuard)
  async showWithLikes(@Req() req: Request, @Res() res: Response, @Query() query: ShowCommentsQuery): Promise<void> {
    const { comments, likedComments, paging } = await this.comments.execute(query, query.criteria, claimsOf(req).sub, pageAsked(query), query.paragraph);
    await sendThreadAnswer(req, res, { comments, likedComments, ...paging });
  }

  /** Per paragraph key of a chapter, its comments shown: one read of the thread's head. */
  @Get('paragraph-counts')
  paragraphCounts(@Query() query: ParagraphCountsQuery): Promise<ParagraphCountsResponse> {
    return this.comments.paragraphCounts({ book_id: query.book_id, chapter_id: query.chapter_id });
  }

  @Post('post-comments')
  @HttpCode(200)
  @UseGuards(UserGuard)
  async post(@Req() req: Request, @Body() body: PostCommentBody, @Headers('idempotency-key') key?: string): Promise<CommentWriteResponse> {
    if (isBot(body)) throw new DomainError('invalid', CommentAnswer.botRefused);
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw new DomainError('invalid', CommentAnswer.badIdempotencyKey);
    const { book_id, chapter_id, parent_comment_id, comment_content, paragraph } = body;
    const command = new PostCommentCommand(claimsOf(req).sub, { book_id, chapter_id, parent_comment_id, comment_content, paragraph }, key ?? null);
    const { message, commentId } = await this.commands.execute<PostCommentCommand, PostOutcome>(command);
    return { ...answer(message), comment_id: commentId };
  }

  @Post('edit-comments')
  @HttpCode(200)
  @UseGuards(UserGuard, WriteLimitGuard)
  @WriteLimit(WriteLimits.commentChange)
  async edit(@Req() req: Request, @Body() body: EditCommentBody): Promise<CommentWriteResponse> {
    if (isBot(body)) throw new DomainError('invalid', CommentAnswer.botRefused);
    return answer(await this.commands.execute(new EditCommentCommand(claimsOf(req).sub, body.comment_id, body.new_comment_content)));
  }

  @Post('delete-comments')
  @HttpCode(200)
  @UseGuards(UserGuard, WriteLimitGuard)
  @WriteLimit(WriteLimits.commentChange)
  async delete(@Req() req: Request, @Body() body: CommentIdBody): Promise<CommentWriteResponse> {
    return answer(await this.commands.execute(new DeleteCommentCommand(claimsOf(req).sub, body.comment_id)));
  }

  @Post('report-comments')
  @HttpCode(200)
  @UseGuards(UserGuard, WriteLimitGuard)
  @WriteLimit(WriteLimits.report)
  async report(@Req() req: Request, @Body() body: ReportCommentBody): Promise<CommentWriteResponse> {
    return answer(await this.commands.execute(new ReportCommentCommand(claimsOf(req).sub, body.comment_id, body.reason)));
  }

  @Post('like-comments')
  @HttpCode(200)
  @UseGuards(UserGuard, WriteLimitGuard)
  @WriteLimit(WriteLimits.like)
  like(@Req() req: Request, @Body() body: CommentIdBody): Promise<CommentWriteResponse> {
    return this.toggleLike(claimsOf(req).sub, body.comment_id, true);
  }

  @Post('delete-like-comments')
  @HttpCode(200)
  @UseGuards(UserGuard, WriteLimitGuard)
  @WriteLimit(WriteLimits.like)
  unlike(@Req() req: Request, @Body() body: CommentIdBody): Promise<CommentWriteResponse> {
    return this.toggleLike(claimsOf(req).sub, body.comment_id, false);
  }

  private async toggleLike(userId: string, commentId: string, like: boolean): Promise<CommentWriteResponse> {
    return answer(await this.commands.execute(new LikeCommentCommand(userId, commentId, like)));
  }
}
