import { useEffect, useState, type RefObject } from 'react';

/** The canvas's zoom: the whole screen fits the box's width (never enlarged past 1:1). */
/** `shown`: the box is on the page (it is absent while the preview replaces it). */
export function useFit(
  ref: RefObject<HTMLElement | null>,
  width: number,
  height: number,
  shown: boolean,
): number {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => {
      const room = el.clientWidth - 48;
      setScale(room > 0 ? Math.min(1, room / width) : 1);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, width, height, shown]);
  return scale;
}
