import { lazyComponent } from '../../ui/lazy-component';

/**
 * The Markdown component with its renderer (unified, micromark, property-information: about 34 KB compressed, and the
 * costliest script to start) as a chunk loaded on demand: pages that keep the server's HTML, or draw Markdown only
 * after a fetch, do not load it before they hydrate.
 */
export const LazyMarkdown = lazyComponent(() => import('./Markdown').then((m) => m.Markdown));
