/** Where a visitor's reading places are kept in local storage (see local-progress.ts). */
export const LOCAL_PROGRESS_KEY = 'readingProgress';
