import { relativeTime } from '@shelf/contracts';
import { exactTime } from '../time/exact-time';
import { useNow } from '../time/use-now';

/** "2 minutes ago", kept current by the page's clock, with the exact time as its title and in `dateTime`. */
export function RelativeTime({ time, className }: { time: string; className?: string }) {
  const now = useNow();
  return (
    <time dateTime={time} title={exactTime(time)} className={className}>
      {relativeTime(time, new Date(now))}
    </time>
  );
}
