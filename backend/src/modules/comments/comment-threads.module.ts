import { Module } from '@nestjs/common';
import { CommentThreads } from './infrastructure/comment-threads';

/** Reading comment threads, for the pages the server renders too (a chapter's paragraph counts). */
@Module({ providers: [CommentThreads], exports: [CommentThreads] })
export class CommentThreadsModule {}
