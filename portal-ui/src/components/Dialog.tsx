import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import './Dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DialogProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Extra class on the panel. */
  className?: string;
  /** Where focus starts: the title (default, so the whole dialog is read) or the first control. */
  initialFocus?: 'title' | 'first';
  /** The id of the panel (for aria-controls on the opener). */
  id?: string;
  /** Gets the focus back on close; by default the element that had focus when the dialog opened. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * A modal dialog following the WAI-ARIA dialog pattern: focus moves in, Tab stays inside,
 * Escape and the close button close it, focus returns to where it was, the page behind is inert.
 */
export function Dialog({ title, onClose, children, className, initialFocus = 'title', id, returnFocusTo }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // A layout effect: focus is inside before the dialog is painted, so neither a screen reader
  // nor a fast keyboard user ever meets the dialog with focus still behind it.
  useLayoutEffect(() => {
    const opener = returnFocusTo?.current ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // Everything outside the dialog becomes inert while it is open.
    const root = panel.current?.closest('.dialog-root');
    const siblings: HTMLElement[] = [];
    let node: Element | null | undefined = root;
    while (node && node.parentElement) {
      for (const sibling of Array.from(node.parentElement.children)) {
        if (sibling !== node && sibling instanceof HTMLElement && !sibling.inert && sibling.tagName !== 'SCRIPT') {
          sibling.inert = true;
          siblings.push(sibling);
        }
      }
      node = node.parentElement;
      if (node === document.body) break;
    }
    if (initialFocus === 'first') (panel.current?.querySelector<HTMLElement>(FOCUSABLE) ?? titleRef.current)?.focus();
    else titleRef.current?.focus();
    return () => {
      for (const sibling of siblings) sibling.inert = false;
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [initialFocus, returnFocusTo]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      closeRef.current();
      return;
    }
    if (event.key !== 'Tab' || panel.current === null) return;
    const focusable = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (first === undefined || last === undefined) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === titleRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="dialog-root">
      <div className="dialog-backdrop" aria-hidden="true" onClick={() => closeRef.current()} />
      <div
        ref={panel}
        id={id}
        className={className === undefined ? 'dialog-panel' : `dialog-panel ${className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} ref={titleRef} tabIndex={-1} className="dialog-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
