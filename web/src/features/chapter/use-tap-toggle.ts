import { type PointerEvent, useCallback, useRef } from 'react';
import { isTap, type PointerMark } from './tap';

// A tap on one of these does its own thing (follow a link, reveal a spoiler…) and leaves the bar alone.
const INTERACTIVE = 'a, button, input, select, textarea, label, summary, [role="button"]';

/** Pointer handlers for the page that call `onTap` for a short, still press outside links and controls. */
export function useTapToggle(onTap: () => void) {
  const start = useRef<PointerMark | null>(null);
  const onPointerDown = useCallback((event: PointerEvent) => {
    start.current = event.isPrimary ? { x: event.clientX, y: event.clientY, time: event.timeStamp } : null;
  }, []);
  const onPointerUp = useCallback(
    (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || (event.target instanceof Element && event.target.closest(INTERACTIVE))) return;
      if (isTap(from, { x: event.clientX, y: event.clientY, time: event.timeStamp })) onTap();
    },
    [onTap],
  );
  const onPointerCancel = useCallback(() => {
    start.current = null;
  }, []);
  return { onPointerDown, onPointerUp, onPointerCancel };
}
