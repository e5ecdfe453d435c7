import { useState, type DragEvent } from 'react';
import type { KlusserRij, OpenKlus } from './usePlanning';

/** The drag data of an open job: its id. text/plain as well, for browsers that only carry that. */
const DRAG_TYPE = 'application/x-klusmaat-klus';

/**
 * Dragging an open job onto a klusser's row (D29): which job is dragged, which row it is over, the
 * handlers of a draggable card (dragStart, dragEnd) and of a row that takes it (dropTarget). A drop
 * assigns only an open job of this board, never a text or link dragged from elsewhere.
 */
export function useDragToAssign(pool: readonly OpenKlus[], onAssign: (klus: OpenKlus, klusser: KlusserRij) => void) {
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);

  const dragStart = (klus: OpenKlus) => (e: DragEvent) => {
    e.dataTransfer.setData(DRAG_TYPE, klus.klus_id);
    e.dataTransfer.setData('text/plain', klus.klus_id);
    e.dataTransfer.effectAllowed = 'move';
    setDragged(klus.klus_id);
  };
  const dragEnd = () => {
    setDragged(null);
    setOver(null);
  };
  const carriesJob = (e: DragEvent) => dragged !== null || Array.from(e.dataTransfer?.types ?? []).includes(DRAG_TYPE);
  const dropTarget = (klusser: KlusserRij) => ({
    onDragOver: (e: DragEvent) => {
      if (!carriesJob(e)) return;
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'move';
      if (over !== klusser.id) setOver(klusser.id);
    },
    onDragLeave: (e: DragEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver((o) => (o === klusser.id ? null : o));
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      const id = e.dataTransfer?.getData(DRAG_TYPE) || e.dataTransfer?.getData('text/plain') || dragged;
      dragEnd();
      const klus = pool.find((k) => k.klus_id === id);
      if (klus !== undefined) onAssign(klus, klusser);
    },
  });

  return { dragged, over, dragStart, dragEnd, dropTarget };
}
