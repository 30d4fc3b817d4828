// The web client's server build (`vite build --ssr`, into dist-server/): the API loads it to render the pages it
// sends already drawn (issue 15 item 6). It renders as the browser's first render does, so that the browser hydrates
// the page instead of drawing it again.
import type { EmbeddedPageData, PageRenderer, RenderedPage } from '@shelf/contracts';
import { createStore } from 'jotai';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { AppRoutes } from './app/AppRoutes';
import { pageModules, pageReaderFont } from './app/page-code';
import { pageRequestOf } from './app/page-request';
import { seedPageData } from './app/seed-page-data';
import { type PageMeta, PageMetaContext } from './shared/page/use-page-meta';
import { createQueryClient } from './shared/api/query-client';
import { markdownToXhtml } from './shared/markdown/markdown-to-xhtml';
import { paragraphKeys } from './shared/markdown/paragraph-keys';
import { SITE_DESCRIPTION, SITE_NAME } from './shared/config/site-config';
import { preloadEveryLazyComponent } from './shared/ui/lazy-component';

/** The page at `url` (path and query), drawn from the API answer it shows. */
function render(url: string, page: EmbeddedPageData): RenderedPage {
  const queryClient = createQueryClient();
  seedPageData(queryClient, page);
  const meta: PageMeta = {};
  const html = renderToString(
    <PageMetaContext value={meta}>
      <AppProviders store={createStore()} queryClient={queryClient} renderedAt={page.renderedAt}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </PageMetaContext>,
  );
  queryClient.clear();
  const { page: kind } = page.data;
  return {
    html,
    title: meta.title ?? SITE_NAME,
    description: meta.description ?? SITE_DESCRIPTION,
    modules: pageModules(kind),
    readerFont: pageReaderFont(kind),
    feeds: meta.feeds,
  };
}

/** The renderer, once the code of every page is loaded (nothing suspends on the server). */
export async function createPageRenderer(): Promise<PageRenderer> {
  await preloadEveryLazyComponent();
  return { requestOf: pageRequestOf, render, markdownXhtml: markdownToXhtml, paragraphKeys };
}
