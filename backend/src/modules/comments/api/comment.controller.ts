import { Body, Controller, Get, HttpCode, HttpException, Post, Query, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { CommentsResponse, CommentsWithLikesResponse, CommentWriteResponse } from '@shelf/contracts';
import type { Request } from 'express';
import { WriteRateLimits } from '../../../platform/http/write-rate-limits';
import { claimsOf, UserGuard } from '../../accounts/api/auth.guards';
import { DeleteCommentCommand } from '../application/delete-comment.command';
import { EditCommentCommand } from '../application/edit-comment.command';
import { GetCommentsQuery } from '../application/get-comments.query';
import { LikeCommentCommand } from '../application/like-comment.command';
import type { PostOutcome } from '../application/post-comment.handler';
import { PostCommentCommand } from '../application/post-comment.command';
import { ReportCommentCommand } from '../application/report-comment.command';
import type { CommentOutcome } from '../domain/comment-decisions';
import { CommentAnswer } from '../domain/comment-messages';
import { CommentIdBody, EditCommentBody, isBot, PostCommentBody, ReportCommentBody, ShowCommentsQuery } from './comment-dtos';

/** A command's outcome as the spec's `success` answer; a refusal keeps its status (400, 403, 404 or 429). */
function answer(outcome: PostOutcome | CommentOutcome): CommentWriteResponse {
  if (!outcome.ok) throw new HttpException({ statusCode: outcome.status, success: 0, message: outcome.message }, outcome.status);
  const commentId = 'commentId' in outcome ? outcome.commentId : undefined;
  return { success: 1, message: outcome.message, ...(commentId ? { comment_id: commentId } : {}) };
}

/** The /api/comment endpoints of spec section 7. Every write needs a logged-in reader (401 otherwise). */
@Controller('comment')
export class CommentController {
  constructor(
    private readonly commands: CommandBus,
    private readonly comments: GetCommentsQuery,
    private readonly limits: WriteRateLimits,
  ) {}

  @Get('show-comments')
  async show(@Query() query: ShowCommentsQuery): Promise<CommentsResponse> {
    const { comments } = await this.comments.execute(query, query.criteria, null);
    return { comments };
  }

  @Get('show-comments-with-like-comments')
  @UseGuards(UserGuard)
  showWithLikes(@Req() req: Request, @Query() query: ShowCommentsQuery): Promise<CommentsWithLikesResponse> {
    return this.comments.execute(query, query.criteria, claimsOf(req).sub);
  }

  @Post('post-comments')
  @HttpCode(200)
  @UseGuards(UserGuard)
  async post(@Req() req: Request, @Body() body: PostCommentBody): Promise<CommentWriteResponse> {
    if (isBot(body)) return answer({ ok: false, status: 400, message: CommentAnswer.botRefused });
    const { book_id, chapter_id, parent_comment_id, comment_content } = body;
    const command = new PostCommentCommand(claimsOf(req).sub, { book_id, chapter_id, parent_comment_id, comment_content });
    return answer(await this.commands.execute(command));
  }

  @Post('edit-comments')
  @HttpCode(200)
  @UseGuards(UserGuard)
  async edit(@Req() req: Request, @Body() body: EditCommentBody): Promise<CommentWriteResponse> {
    if (isBot(body)) return answer({ ok: false, status: 400, message: CommentAnswer.botRefused });
    const userId = claimsOf(req).sub;
    await this.limits.consume([['comment-change', userId]]);
    return answer(await this.commands.execute(new EditCommentCommand(userId, body.comment_id, body.new_comment_content)));
  }

  @Post('delete-comments')
  @HttpCode(200)
  @UseGuards(UserGuard)
  async delete(@Req() req: Request, @Body() body: CommentIdBody): Promise<CommentWriteResponse> {
    const userId = claimsOf(req).sub;
    await this.limits.consume([['comment-change', userId]]);
    return answer(await this.commands.execute(new DeleteCommentCommand(userId, body.comment_id)));
  }

  @Post('report-comments')
  @HttpCode(200)
  @UseGuards(UserGuard)
  async report(@Req() req: Request, @Body() body: ReportCommentBody): Promise<CommentWriteResponse> {
    const userId = claimsOf(req).sub;
    await this.limits.consume([['report', userId]]);
    return answer(await this.commands.execute(new ReportCommentCommand(userId, body.comment_id, body.reason)));
  }

  @Post('like-comments')
  @HttpCode(200)
  @UseGuards(UserGuard)
  like(@Req() req: Request, @Body() body: CommentIdBody): Promise<CommentWriteResponse> {
    return this.toggleLike(claimsOf(req).sub, body.comment_id, true);
  }

  @Post('delete-like-comments')
  @HttpCode(200)
  @UseGuards(UserGuard)
  unlike(@Req() req: Request, @Body() body: CommentIdBody): Promise<CommentWriteResponse> {
    return this.toggleLike(claimsOf(req).sub, body.comment_id, false);
  }

  private async toggleLike(userId: string, commentId: string, like: boolean): Promise<CommentWriteResponse> {
    await this.limits.consume([['like', userId]]);
    return answer(await this.commands.execute(new LikeCommentCommand(userId, commentId, like)));
  }
}
