import { useEffect, useState, type RefObject } from 'react';
import { DAY_MIN, KLUSSER_COL } from './layout';

/**
 * How many of the week's days fit in the board's box: all seven at 1280 px, fewer on a tablet
 * (measured; all seven where nothing is measured).
 */
function useDaysThatFit(box: RefObject<HTMLElement | null>): number {
  const [fit, setFit] = useState(7);
  useEffect(() => {
    const el = box.current;
    if (el === null || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const width = el.clientWidth;
      if (width > 0) setFit(Math.max(1, Math.min(7, Math.floor((width - KLUSSER_COL) / DAY_MIN))));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [box]);
  return fit;
}

/**
 * The days of the week the board shows (D29, issue 39): all seven when they fit; else as many as
 * fit, starting with today in this week (else the Monday), with earlier() and later() to page
 * through the rest. A new week starts again.
 */
export function useDayWindow(days: readonly string[], today: string, box: RefObject<HTMLElement | null>) {
  const count = Math.min(useDaysThatFit(box), days.length);
  const todayAt = days.indexOf(today);
  const [start, setStart] = useState<{ week: string; at: number } | null>(null);
  const week = days[0] ?? '';
  const last = Math.max(0, days.length - count);
  const first = start !== null && start.week === week ? start.at : Math.max(0, todayAt);
  const at = Math.min(first, last);
  return {
    shown: days.slice(at, at + count),
    all: count >= days.length,
    canEarlier: at > 0,
    canLater: at < last,
    earlier: () => setStart({ week, at: Math.max(0, at - count) }),
    later: () => setStart({ week, at: Math.min(last, at + count) }),
  };
}
