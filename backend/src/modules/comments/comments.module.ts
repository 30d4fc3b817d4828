import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from '../accounts/accounts.module';
import { CatalogReadModule } from '../catalog/catalog.module';
import { MutesModule } from '../mutes/mutes.module';
import { WebAppBuildModule } from '../pages/web-app-build.module';
import { CommentThreadsModule } from './comment-threads.module';
import { CommentController } from './api/comment.controller';
import { DeleteCommentHandler } from './application/delete-comment.handler';
import { EditCommentHandler } from './application/edit-comment.handler';
import { EraseCommentAuthorHandler } from './application/erase-comment-author.handler';
import { GetCommentsQuery } from './application/get-comments.query';
import { LikeCommentHandler } from './application/like-comment.handler';
import { PostCommentHandler } from './application/post-comment.handler';
import { ReportCommentHandler } from './application/report-comment.handler';
import { CommentCooldown } from './infrastructure/comment-cooldown';
import { AuthorNames } from './infrastructure/author-names';
import { CommentRepository } from './infrastructure/comment-repository';

/** Comments: posting, replying, editing, deleting, reporting and liking, and reading a thread. */
@Module({
  imports: [CqrsModule, AccountsModule, CatalogReadModule, MutesModule, CommentThreadsModule, WebAppBuildModule],
  controllers: [CommentController],
  providers: [
    PostCommentHandler, EditCommentHandler, DeleteCommentHandler, EraseCommentAuthorHandler, ReportCommentHandler, LikeCommentHandler, GetCommentsQuery,
    CommentRepository, CommentCooldown, AuthorNames,
  ],
  exports: [CommentThreadsModule, CommentRepository],
})
export class CommentsModule {}
