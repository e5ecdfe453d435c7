import { Confirm } from 'react-admin';

export type Removal = 'archive' | 'delete';

/**
 * The questions before a row is archived or deleted for good: what each does to the record (title
 * and content per kind), 'Archiveren' or 'Permanent verwijderen' (in the warning colour), and
 * 'Annuleren'. asking is the question open now, if any.
 */
export function RemovalConfirms({
  asking,
  archive,
  remove,
  onConfirm,
  onClose,
}: {
  asking: Removal | null;
  archive: { title: string; content: string };
  remove: { title: string; content: string };
  onConfirm: (kind: Removal) => void;
  onClose: () => void;
}) {
  const texts = { archive, delete: remove };
  return (['archive', 'delete'] as const).map((kind) => (
    <Confirm
      key={kind}
      isOpen={asking === kind}
      title={texts[kind].title}
      content={texts[kind].content}
      confirm={kind === 'archive' ? 'Archiveren' : 'Permanent verwijderen'}
      cancel="Annuleren"
      confirmColor={kind === 'archive' ? 'primary' : 'warning'}
      onConfirm={() => onConfirm(kind)}
      onClose={onClose}
    />
  ));
}
