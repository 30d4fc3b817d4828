import { useEffect } from 'react';
import { SITE_DESCRIPTION } from '../../shared/config/site-config';

/** Sets the page title and the description meta of the current page. */
export function usePageMeta(title: string, description: string = SITE_DESCRIPTION): void {
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
