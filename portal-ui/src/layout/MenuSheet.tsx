import type { ReactNode, RefObject } from 'react';
import { Dialog } from '../components/Dialog';

interface MenuSheetProps {
  id: string;
  title: string;
  onClose: () => void;
  /** Gets the focus back when the sheet closes (the button that opened it). */
  returnFocusTo: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * The navigation of small screens: the modal Dialog (focus trap, Escape, scroll lock, inert page)
 * shown as a side sheet, with focus on its close button.
 */
export function MenuSheet({ id, title, onClose, returnFocusTo, children }: MenuSheetProps) {
  return (
    <Dialog id={id} title={title} onClose={onClose} returnFocusTo={returnFocusTo} initialFocus="first" className="sheet-panel">
      <button type="button" className="button button-secondary sheet-close" onClick={onClose}>
        <span aria-hidden="true">×</span> Sluiten
      </button>
      {children}
    </Dialog>
  );
}
