/** A tap toggles the mobile bar only if it moved under 10 px and lasted at most 200 ms. */
export const TAP_MAX_MOVE_PX = 10;
export const TAP_MAX_DURATION_MS = 200;

export interface PointerMark {
  x: number;
  y: number;
  time: number;
}

/** Whether a press from `start` to `end` counts as a tap rather than a scroll, drag or long press. */
export function isTap(start: PointerMark, end: PointerMark): boolean {
  const moved = Math.hypot(end.x - start.x, end.y - start.y);
  return moved < TAP_MAX_MOVE_PX && end.time - start.time <= TAP_MAX_DURATION_MS;
}
