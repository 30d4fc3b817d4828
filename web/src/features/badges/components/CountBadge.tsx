import { badgeText } from '../badge-text';

/** A count next to a link or icon, 99+ above 99; nothing at 0. */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge" aria-label={`${badgeText(count)} ${label}`}>
      {badgeText(count)}
    </span>
  );
}
