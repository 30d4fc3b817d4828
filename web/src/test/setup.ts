import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetAppStore } from '../shared/state/store';

// Files run two at a time on two cores: a lazy route and its data may take longer than the default second to show.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not scroll.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  resetAppStore();
});
