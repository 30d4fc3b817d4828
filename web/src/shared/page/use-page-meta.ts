import type { FeedLink } from '@shelf/contracts';
import { createContext, useContext, useEffect } from 'react';
import { SITE_DESCRIPTION } from '../config/site-config';

export interface PageMeta {
  title?: string;
  description?: string;
  /** The feeds the page offers (features/feeds' useFeedLinks). */
  feeds?: FeedLink[];
}

/** On the server, where effects do not run, the page's title and description are collected here as it renders. */
export const PageMetaContext = createContext<PageMeta | null>(null);

/** Sets the page title and the description meta of the current page. */
export function usePageMeta(title: string, description: string = SITE_DESCRIPTION): void {
  const serverMeta = useContext(PageMetaContext);
  // The outermost page's meta, as in the browser, where its effect runs last.
  if (serverMeta && serverMeta.title === undefined) Object.assign(serverMeta, { title, description });
  useEffect(() => {
    document.title = title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description]);
}
