/**
 * True once the window is scrolled more than `threshold` px (SPEC §4 "Top bars"). Starts false, as on the
 * server, so hydration matches; the first effect reads the real position (a reload keeps the scroll).
 */
import { useEffect, useState } from 'react';

export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}
