import { Dialog } from '../../../components/Dialog';
import { KT } from '../texts';

/** The full note of a job in a side panel, closed with 'Begrepen' (section 2, Agenda). */
export function NotePanel({ title, note, onClose }: { title: string; note: string; onClose: () => void }) {
  return (
    <Dialog title={`${KT.notes}: ${title}`} onClose={onClose} className="klusser-side-panel">
      <p className="klus-notes">{note}</p>
      <div className="dialog-actions">
        <button type="button" className="button button-primary" onClick={onClose}>
          {KT.understood}
        </button>
      </div>
    </Dialog>
  );
}
