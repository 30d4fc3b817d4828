import { Injectable, Logger } from '@nestjs/common';
import { withoutPersonalData } from '@shelf/server-config';
import type { EmbeddedPageData, PageData } from '@shelf/contracts';
import etag from 'etag';
import type { Request, RequestHandler, Response } from 'express';
import { nameRoute } from '../../../platform/http/answered-route';
import { arrivalOf } from '../../../platform/http/request-arrival';
import { awayDependency, SERVICE_UNAVAILABLE_MESSAGE, setUnavailableHeaders, warnOutage } from '../../../platform/http/service-unavailable';
import { RequestDeadline } from '../../../platform/request-deadline';
import { PageAnswers } from '../application/page-answers';
import { PageCache, type RenderedDocument } from '../application/page-cache';
import { WebAppBuild } from '../infrastructure/web-app-build';
import type { WebBuild } from '../infrastructure/web-build';

/** Browsers check a page with the server each time (its ETag makes an unchanged one a 304): it names built assets. */
const PAGE_CACHE_CONTROL = 'no-cache';

/**
 * GET of the pages the web app renders on the server (home, story, chapter, category; issue 15 item 6): the page's
 * HTML drawn from the same answer the API gives, with that answer embedded for the web client, which hydrates it. A
 * missing story or chapter is its not-found page with status 404. A page whose answer the store or Redis does not give
 * within the request deadline (request-deadline.ts) is drawn from the API's refusal instead, with status 503 and
 * Retry-After, as the API answers then: the browser shows it and asks the API again. Every other address, and any page
 * that cannot be rendered otherwise (no server build, a failure of the renderer), goes on to the static files, whose
 * index.html the browser renders.
 */
@Injectable()
export class ServerRenderedPages {
  private readonly logger = new Logger('Pages');

  constructor(
    private readonly answers: PageAnswers,
    private readonly cache: PageCache,
    private readonly deadline: RequestDeadline,
    private readonly web: WebAppBuild,
  ) {}

  /** The Express handler; `serverPaths` are the prefixes of what is never a page (/api/, /realtime/ …). */
  handler(serverPaths: string[]): RequestHandler {
    return (req, res, next) => {
      const build = this.web.current();
      const isPage =
        (req.method === 'GET' || req.method === 'HEAD') &&
        !serverPaths.some((prefix) => req.path.startsWith(prefix)) &&
        !build?.files.has(req.path.split('/')[1]);
      if (!build || !isPage) return next();
      this.deadline.within(this.page(build, req.originalUrl), arrivalOf(req)).then(
        (page) => (page ? send(req, res, page) : next()),
        (error: unknown) => {
          const away = awayDependency(error);
          if (away) {
            warnOutage(away, error);
            const page = this.refusal(build, req.originalUrl);
            if (page) return sendUnavailable(req, res, page);
          }
          // The path alone: a link's query string holds its token and address (/user/reset-password?token&email).
          this.logger.warn(`${req.path} is left to the browser to render: ${withoutPersonalData(error instanceof Error ? error.message : String(error))}`);
          next();
        },
      );
    };
  }

  /** The page at `url` drawn from the API's 503 refusal (never kept in the cache); null when it cannot be drawn. */
  private refusal(build: WebBuild, url: string): string | null {
    try {
      const request = build.renderer.requestOf(url);
      if (!request) return null;
      const data = { ...request, answer: { error: { status: 503, message: SERVICE_UNAVAILABLE_MESSAGE } } } as PageData;
      const embedded: EmbeddedPageData = { renderedAt: Date.now(), data };
      return build.document.html(build.renderer.render(url, embedded), embedded);
    } catch (error) {
      this.logger.warn(`the refusal page of ${url.split('?', 1)[0]} could not be drawn: ${withoutPersonalData(error instanceof Error ? error.message : String(error))}`);
      return null;
    }
  }

  /** The rendered page at `url`, from the cache or rendered now; null for an address the browser renders. */
  private async page(build: WebBuild, url: string): Promise<RenderedDocument | null> {
    return this.cache.remembered(url, async () => {
      const request = build.renderer.requestOf(url);
      if (!request) return null;
      const embedded: EmbeddedPageData = { renderedAt: Date.now(), data: await this.answers.of(request) };
      const html = build.document.html(build.renderer.render(url, embedded), embedded);
      const { answer } = embedded.data;
      return { status: 'error' in answer ? answer.error.status : 200, html, etag: etag(html, { weak: true }) };
    });
  }
}

function sendUnavailable(req: Request, res: Response, html: string): void {
  nameRoute(req, 'page');
  setUnavailableHeaders(res);
  res.status(503).type('html').send(html);
}

function send(req: Request, res: Response, page: RenderedDocument): void {
  nameRoute(req, 'page');
  res.setHeader('Cache-Control', PAGE_CACHE_CONTROL);
  res.setHeader('ETag', page.etag);
  if (page.status === 200 && req.headers['if-none-match'] === page.etag) {
    res.status(304).end();
    return;
  }
  res.status(page.status).type('html').send(page.html);
}
