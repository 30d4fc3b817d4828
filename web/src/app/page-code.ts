import type { PageData } from '@shelf/contracts';
import { BookScreen } from './routes/BookRoute';
import { lazyComponent } from '../shared/ui/lazy-component';

// The code of the pages the server renders, other than home (which is in the app's entry): loaded on demand, and
// before a server-rendered page of theirs hydrates.

export const CategoryPage = lazyComponent(() => import('../features/category/components/CategoryPage').then((m) => m.CategoryPage));
export const ChapterScreen = lazyComponent(() => import('./screens/chapter').then((m) => m.ChapterScreen));

const codeOf: Record<PageData['page'], { preload?: () => Promise<void>; module?: string; readerFont?: string }> = {
  home: {},
  story: { preload: BookScreen.preload, module: 'src/app/screens/book.tsx' },
  chapter: {
    preload: ChapterScreen.preload,
    module: 'src/app/screens/chapter.tsx',
    readerFont: 'src/features/reader-settings/dyslexic-font.css',
  },
  category: { preload: CategoryPage.preload, module: 'src/features/category/components/CategoryPage.tsx' },
};

/** Loads the code of a server-rendered page, so that it hydrates without suspending. */
export const preloadPageCode = async (page: PageData['page']): Promise<void> => codeOf[page].preload?.();

/** The source modules (keys of Vite's manifest) whose styles and scripts a server-rendered page needs besides the entry. */
export const pageModules = (page: PageData['page']): string[] => (codeOf[page].module ? [codeOf[page].module] : []);

/** The style sheet module of the dyslexia-friendly font, on the page whose text waits for it (see index.html). */
export const pageReaderFont = (page: PageData['page']): string | undefined => codeOf[page].readerFont;
