import { useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';

/** The table's height: what is left of the window below its top, so the header stays in view. */
export function useFitHeight(): [RefObject<HTMLDivElement>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(400);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const top = el.getBoundingClientRect().top;
      if (!el.offsetParent) return;
      setHeight(Math.max(240, window.innerHeight - top - 96));
    };
    measure();
    const obs = new ResizeObserver(measure);
    obs.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      obs.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);
  return [ref, height];
}
