import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface MenuSheetProps {
  id: string;
  title: string;
  onClose: () => void;
  /** Gets the focus back when the sheet closes (the button that opened it). */
  returnFocusTo: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A modal side sheet following the WAI-ARIA dialog pattern: focus moves into it,
 * Tab stays inside, Escape or the close button closes it, and focus returns to
 * the element that opened it.
 */
export function MenuSheet({ id, title, onClose, returnFocusTo, children }: MenuSheetProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const first = panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    const opener = returnFocusTo.current;
    return () => {
      document.body.style.overflow = previousOverflow;
      opener?.focus();
    };
  }, [returnFocusTo]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || panel.current === null) return;
    const focusable = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (first === undefined || last === undefined) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="sheet-root">
      <div className="sheet-backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        id={id}
        className="sheet-panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="sheet-head">
          <h2 id={titleId} className="sheet-title">
            {title}
          </h2>
          <button type="button" className="sheet-close" onClick={onClose}>
            <span aria-hidden="true">×</span> Sluiten
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
