import { lazyComponent } from '../../shared/ui/lazy-component';

// The Continue reading row, whose code loads on demand: only readers with places to go back to load it.
export const ContinueReadingRow = lazyComponent(() => import('./components/ContinueReadingRow').then((m) => m.ContinueReadingRow));
