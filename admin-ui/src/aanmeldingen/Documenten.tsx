import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Link, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, required, TextInput, useNotify } from 'react-admin';
import { ActionError, failureText } from '../api/action';
import { useAction } from '../api/useAction';
import { FormCard } from './FormCard';
import { momentNl } from '../fields/dates';
import { SelectInput } from '../fields/SelectInput';
import { SimpleTable } from '../lists/SimpleTable';
import { BestandInput } from './BestandInput';
import type { AanmeldingDetail, AanmeldingDocument } from './types';

export const DOCUMENT_TYPES = [
  { id: 'vog', name: 'VOG' },
  { id: 'id_bewijs', name: 'ID-bewijs' },
  { id: 'contract', name: 'Contract' },
  { id: 'certificaat', name: 'Certificaat' },
  { id: 'overig', name: 'Overig' },
] as const;

const typeNaam = (t: string) => DOCUMENT_TYPES.find((d) => d.id === t)?.name ?? t;

const NUMBER = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 1 });

/** 2048 → '2 KB', 1572864 → '1,5 MB'. */
export function grootte(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${NUMBER.format(bytes / 1024)} KB`;
  return `${NUMBER.format(bytes / (1024 * 1024))} MB`;
}

export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.doc,.docx';

interface Upload {
  document_type: string;
  notes: string;
  file: File | null;
}

const BESTAND = (v: unknown) => (v instanceof File ? undefined : 'Selecteer een bestand');

/**
 * The Documenten tab: upload (type, notes, file) and the list with Download (the server's
 * audited address) and Verwijderen after a confirmation.
 */
export function DocumentenTab({ aanmelding }: { aanmelding: AanmeldingDetail }) {
  const notify = useNotify();
  const uploadDocument = useAction('uploadAanmeldingDocument');
  const deleteDocument = useAction('deleteAanmeldingDocument');
  // After an upload the form starts again, empty, with the type just used (often several of a kind).
  const [upload, setUpload] = useState({ n: 0, defaults: { document_type: 'vog', notes: '', file: null } as Upload });
  const [weg, setWeg] = useState<AanmeldingDocument | null>(null);

  const uploaden = async (values: Record<string, unknown>) => {
    const v = values as unknown as Upload;
    if (!(v.file instanceof File)) return undefined;
    const data = new FormData();
    data.append('document_type', v.document_type);
    data.append('notes', v.notes);
    data.append('file', v.file);
    // The upload invalidates the application (./actions.ts): its list of documents is read again.
    try {
      await uploadDocument.mutateAsync({ id: aanmelding.id, body: data });
      notify('Document geüpload', { type: 'success' });
      setUpload((u) => ({ n: u.n + 1, defaults: { document_type: v.document_type, notes: '', file: null } }));
      return undefined;
    } catch (e) {
      notify(failureText(e, 'Fout bij uploaden document'), { type: 'error' });
      return e instanceof ActionError ? e.fields : undefined;
    }
  };

  const remove = async (doc: AanmeldingDocument) => {
    setWeg(null);
    try {
      await deleteDocument.mutateAsync({ documentId: doc.id });
      notify('Document verwijderd', { type: 'success' });
    } catch (e) {
      notify(failureText(e, 'Fout bij verwijderen document'), { type: 'error' });
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FormCard
        key={upload.n}
        id="upload"
        titel="Document uploaden"
        knop="Uploaden"
        startIcon={<UploadIcon />}
        busy={uploadDocument.isPending}
        defaultValues={upload.defaults}
        onSubmit={uploaden}
        maxWidth={560}
      >
        <SelectInput source="document_type" label="Soort document" choices={[...DOCUMENT_TYPES]} validate={required('Kies een soort document')} helperText={false} />
        <TextInput source="notes" label="Notities" multiline minRows={2} helperText={false} />
        <BestandInput source="file" id="document-bestand" label="Bestand" accept={DOCUMENT_ACCEPT} validate={BESTAND} />
      </FormCard>
      {aanmelding.documenten.length === 0 ? (
        <Typography>Nog geen documenten</Typography>
      ) : (
        <SimpleTable
          headers={['Soort', 'Bestand', 'Grootte', 'Datum', 'Notities', 'Acties']}
          rows={aanmelding.documenten}
          rowKey={(d) => d.id}
          cells={(d) => [
            typeNaam(d.document_type),
            <Box key="naam" sx={{ overflowWrap: 'anywhere' }}>{d.file_name}</Box>,
            grootte(d.file_size),
            momentNl(d.created_at),
            d.notes || '—',
            <Box key="acties" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Button component={Link} href={d.url} target="_blank" rel="noopener" variant="outlined" startIcon={<DownloadIcon />} aria-label={`Download ${d.file_name}`}>
                Download
              </Button>
              <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setWeg(d)} aria-label={`Verwijderen ${d.file_name}`}>
                Verwijderen
              </Button>
            </Box>,
          ]}
        />
      )}
      <Confirm
        isOpen={weg !== null}
        title="Document verwijderen"
        content="Weet je zeker dat je dit document wilt verwijderen?"
        confirm="Verwijderen"
        cancel="Annuleren"
        confirmColor="warning"
        onConfirm={() => weg !== null && void remove(weg)}
        onClose={() => setWeg(null)}
      />
    </Box>
  );
}
