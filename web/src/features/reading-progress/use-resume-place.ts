import { type RefObject, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { scrollTopFor } from './text-position';

/** Router state of a link that opens a chapter at the reader's place ("Continue reading"). */
export interface ResumeState {
  resumeAt: number;
}

export const resumeState = (position: number): ResumeState => ({ resumeAt: position });

const resumeAtOf = (state: unknown): number | null => {
  const resumeAt = (state as Partial<ResumeState> | null)?.resumeAt;
  return typeof resumeAt === 'number' && resumeAt >= 0 && resumeAt <= 1 ? resumeAt : null;
};

/** Scrolls a chapter opened from "Continue reading" back to the reader's place, once its text is laid out. */
export function useResumePlace(text: RefObject<HTMLElement | null>, chapterId: number) {
  const { state } = useLocation();
  const resumeAt = resumeAtOf(state);
  useEffect(() => {
    const element = text.current;
    if (resumeAt === null || !element) return;
    const frame = requestAnimationFrame(() => {
      const offsetTop = element.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, scrollTopFor(resumeAt, { offsetTop, height: element.offsetHeight }, window.innerHeight));
    });
    return () => cancelAnimationFrame(frame);
  }, [resumeAt, chapterId, text]);
}
