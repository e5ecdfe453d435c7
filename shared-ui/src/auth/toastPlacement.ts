/**
 * Where the toasts go, in both apps: at the bottom of the screen, unless they would lie over a
 * control there (a button, link or field the user may want next: 'Start timer' under 'Werkbon
 * aangemaakt'); then at the top, or else in a free band between the controls in view. Decided
 * when a toast appears, and again when the page moves under it; a toast moves only to free a
 * control.
 *
 * Used by both front ends as @klusmaat/shared-ui/auth/*.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** What counts as a control a toast must not cover. */
const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="radio"], [role="tab"], [role="combobox"], canvas';

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The controls in view that a box would cover (not those inside the toaster, inert or hidden ones). */
export function controlsUnder(box: Box, toaster: Element, doc: Document = document): Element[] {
  return Array.from(doc.querySelectorAll(CONTROLS)).filter((el) => {
    if (toaster.contains(el) || el.closest('[inert], [aria-hidden="true"]') !== null) return false;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    return overlaps(box, r);
  });
}

/** Where the toasts stand: at the bottom (the default, in CSS), or with their top at `top` px. */
export type ToastSpot = { edge: 'bottom' } | { edge: 'top'; top: number };

/**
 * Where the toasts (their box now measured as `current`) go in a screen `height` px high, keeping
 * `margin` px to its edges: where they stand now (`prefer`) while that covers no control, else the
 * bottom, the top, or the free band nearest the bottom between the controls in view (over text,
 * never over a button). With no free band at all: the bottom, or the top when the control in use
 * (the focused one) is at the bottom and not at the top.
 */
export function chooseSpot(toaster: Element, current: Box, height: number, margin: number, doc: Document = document, prefer?: ToastSpot): ToastSpot {
  const h = current.bottom - current.top;
  if (h <= 0) return prefer ?? BOTTOM;
  const bottomTop = height - margin - h;
  const topOf = (spot: ToastSpot) => (spot.edge === 'bottom' ? bottomTop : spot.top);
  const band = (top: number): Box => ({ left: current.left, right: current.right, top, bottom: top + h });
  const free = (spot: ToastSpot) => controlsUnder(band(topOf(spot)), toaster, doc).length === 0;
  if (prefer !== undefined && free(prefer)) return prefer;
  if (free(BOTTOM)) return BOTTOM;
  const top: ToastSpot = { edge: 'top', top: margin };
  if (free(top)) return top;
  // Just above or below each control in view, nearest the bottom first.
  const gap = 8;
  const candidates = Array.from(doc.querySelectorAll(CONTROLS))
    .filter((el) => !toaster.contains(el))
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.height > 0 && r.bottom > 0 && r.top < height)
    .flatMap((r) => [r.top - gap - h, r.bottom + gap])
    .filter((t) => t >= margin && t <= bottomTop)
    .sort((a, b) => b - a);
  for (const t of candidates) {
    const spot: ToastSpot = { edge: 'top', top: Math.round(t) };
    if (free(spot)) return spot;
  }
  const focused = doc.activeElement;
  const holdsFocus = (spot: ToastSpot) => focused !== null && controlsUnder(band(topOf(spot)), toaster, doc).some((el) => el === focused || el.contains(focused));
  return holdsFocus(BOTTOM) && !holdsFocus(top) ? top : BOTTOM;
}

const BOTTOM: ToastSpot = { edge: 'bottom' };

/** The box around the toasts themselves (each marked data-toast), not the toaster's full width. */
function toastsBox(toaster: Element): Box | null {
  const rects = Array.from(toaster.querySelectorAll('[data-toast]')).map((t) => t.getBoundingClientRect());
  if (rects.length === 0) return null;
  return {
    top: Math.min(...rects.map((r) => r.top)),
    bottom: Math.max(...rects.map((r) => r.bottom)),
    left: Math.min(...rects.map((r) => r.left)),
    right: Math.max(...rects.map((r) => r.right)),
  };
}

/**
 * The spot for a toaster element: chosen when the set of toasts changes (key), before the browser
 * paints it, and again while toasts show when the page changes under them (it scrolls, its
 * content grows: a work order that renders after its toast, a dialog opens). A toast moves only
 * when it would cover a control where it stands.
 */
export function useToastSpot(ref: RefObject<HTMLElement | null>, key: string, margin: number): ToastSpot {
  const [spot, setSpot] = useState<ToastSpot>(BOTTOM);
  const spotRef = useRef<ToastSpot>(BOTTOM);
  const place = useCallback(
    (prefer?: ToastSpot) => {
      const el = ref.current;
      const box = el === null ? null : toastsBox(el);
      if (el === null || box === null) return;
      const next = chooseSpot(el, box, window.innerHeight, margin, document, prefer);
      const same = next.edge === spotRef.current.edge && (next.edge === 'bottom' || (spotRef.current.edge === 'top' && next.top === spotRef.current.top));
      if (same) return;
      spotRef.current = next;
      setSpot(next);
    },
    [ref, margin],
  );
  useLayoutEffect(() => place(), [place, key]);
  useEffect(() => {
    if (key === '') return;
    let frame = 0;
    const again = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => place(spotRef.current));
    };
    // Any scroll, also inside a box (a dialog's), in the capture phase: scroll events do not bubble.
    document.addEventListener('scroll', again, { passive: true, capture: true });
    window.addEventListener('resize', again);
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(again);
    resized?.observe(document.body);
    // Content that comes or goes without changing the page's size: a dialog that opens over it.
    const changed = typeof MutationObserver === 'undefined' ? null : new MutationObserver(again);
    changed?.observe(document.body, { childList: true, subtree: true });
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('scroll', again, { capture: true });
      window.removeEventListener('resize', again);
      resized?.disconnect();
      changed?.disconnect();
    };
  }, [place, key]);
  return spot;
}
