/**
 * Renders its children once their place comes near the viewport, an empty block of their
 * height until then: a heavy part below the fold (the dashboard's chart and its echarts
 * chunk) is not fetched nor drawn while a phone is still showing the top of the page
 * (docs/decisions/dashboard-first-load.md). Without IntersectionObserver, at once.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

/** How far below (or above) the viewport a place counts as near. */
const NEAR_MARGIN = '300px';

export function NearViewport({ height, children }: { height: number; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return near ? children : <div ref={place} style={{ height }} />;
}
