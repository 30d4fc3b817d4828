import { useMergeVisitorProgress } from '../use-merge-visitor-progress';

/** Merges a visitor's places into the account they log in to (see useMergeVisitorProgress). Renders nothing. */
export function MergeVisitorProgress() {
  useMergeVisitorProgress();
  return null;
}
