import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { chapterStepForKey } from './arrow-keys';

/** Left and right arrows open the previous and next chapter (when there is one). */
export function useChapterKeys(previousPath: string | null, nextPath: string | null): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const step = chapterStepForKey(event);
      const path = step === 'previous' ? previousPath : step === 'next' ? nextPath : null;
      if (!path) return;
      event.preventDefault();
      navigate(path);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate, previousPath, nextPath]);
}
