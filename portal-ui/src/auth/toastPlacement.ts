/**
 * Where the toasts go, in both apps: at the bottom of the screen, unless they would lie over a
 * control there (a button, link or field the user may want next: 'Start timer' under 'Werkbon
 * aangemaakt'); then at the top, when that is free. When both edges cover a control, the edge that
 * does not cover the control in use (the focused one) wins, else the bottom. Decided when a toast
 * appears, so that a toast never jumps while it is read.
 *
 * Shared with the console: admin-ui imports this folder as @shared-auth.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

export type ToastEdge = 'bottom' | 'top';

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

/**
 * The edge for the toaster (its own box now measured as `current`, shown at `edge` with `margin`
 * px to the screen's edge) in a screen `height` px high.
 */
export function chooseEdge(toaster: Element, current: Box, height: number, margin: number, doc: Document = document): ToastEdge {
  const h = current.bottom - current.top;
  if (h <= 0) return 'bottom';
  const bottom = { left: current.left, right: current.right, top: height - margin - h, bottom: height - margin };
  const top = { left: current.left, right: current.right, top: margin, bottom: margin + h };
  const underBottom = controlsUnder(bottom, toaster, doc);
  if (underBottom.length === 0) return 'bottom';
  const underTop = controlsUnder(top, toaster, doc);
  if (underTop.length === 0) return 'top';
  const focused = doc.activeElement;
  const holdsFocus = (els: Element[]) => focused !== null && els.some((el) => el === focused || el.contains(focused));
  return holdsFocus(underBottom) && !holdsFocus(underTop) ? 'top' : 'bottom';
}

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
 * The edge for a toaster element: chosen again each time the set of toasts changes (key), before
 * the browser paints it, from the toasts' own box and the margin the toaster keeps to the screen's
 * edge.
 */
export function useToastEdge(ref: RefObject<HTMLElement | null>, key: string, margin: number): ToastEdge {
  const [edge, setEdge] = useState<ToastEdge>('bottom');
  useLayoutEffect(() => {
    const el = ref.current;
    const box = el === null ? null : toastsBox(el);
    if (el === null || box === null) return;
    setEdge(chooseEdge(el, box, window.innerHeight, margin));
  }, [ref, key, margin]);
  return edge;
}
