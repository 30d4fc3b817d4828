import { useEffect, useState } from 'react';

export const AD_DELAY_MS = 1000;

/** A place for an ad; it appears 1 second after the page shows, so ads never hold up the content. */
export function AdSlot({ name }: { name: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), AD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return <div className="ad-slot" data-ad-slot={name} />;
}
