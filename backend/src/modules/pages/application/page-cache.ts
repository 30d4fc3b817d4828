import { Injectable } from '@nestjs/common';
import { MadeFromAnswers } from '../../../platform/http/made-from-answers';
import { ResponseCache } from '../../../platform/http/response-cache';

export interface RenderedDocument {
  status: number;
  html: string;
  etag: string;
}

/** Rendered pages by address (32 MB at most), reused and forgotten as the API's answers are (made-from-answers.ts). */
@Injectable()
export class PageCache extends MadeFromAnswers<RenderedDocument> {
  constructor(answers: ResponseCache) {
    super(answers, 32 * 1024 * 1024, (page) => page.html.length + 64);
  }
}
