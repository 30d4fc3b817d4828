import { relativeTime } from '@shelf/contracts';
import { exactTimeTitle } from '../time/exact-time';
import { useNow } from '../time/use-now';

/** "2 minutes ago", kept current by the page's clock, with the exact time in `dateTime` and, under a pointer, as its title. */
export function RelativeTime({ time, className }: { time: string; className?: string }) {
  const now = useNow();
  return (
    <time dateTime={time} className={className} {...exactTimeTitle(time)}>
      {relativeTime(time, new Date(now))}
    </time>
  );
}
