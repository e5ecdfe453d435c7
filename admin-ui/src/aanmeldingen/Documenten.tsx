import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import UploadIcon from '@mui/icons-material/UploadFile';
import { Box, Button, Card, CardContent, FormControl, FormHelperText, InputLabel, Link, MenuItem, Select, TextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Confirm, useNotify } from 'react-admin';
import { ActionError, failureText } from '../api/action';
import { useAction } from '../api/useAction';
import { momentNl } from '../fields/dates';
import { SimpleTable } from '../lists/SimpleTable';
import { fieldError, type AanmeldingDetail, type AanmeldingDocument } from './types';

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

/** A file field with a visible label (a native input: keyboard and screen readers know it). */
export function BestandVeld({ id, label, accept, file, error, onChange, inputKey }: { id: string; label: string; accept: string; file: File | null; error?: ReactNode; onChange: (f: File | null) => void; inputKey: number }) {
  return (
    <FormControl error={error !== undefined}>
      <Typography component="label" htmlFor={id} sx={{ fontWeight: 700, mb: 0.5 }}>
        {label}
      </Typography>
      <input
        key={inputKey}
        id={id}
        type="file"
        accept={accept}
        aria-describedby={`${id}-hulp`}
        aria-invalid={error !== undefined}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        style={{ minHeight: 44, fontSize: '1.125rem' }}
      />
      <FormHelperText id={`${id}-hulp`}>{error ?? (file === null ? `Toegestaan: ${accept.replaceAll(',', ', ')}` : file.name)}</FormHelperText>
    </FormControl>
  );
}

/**
 * The Documenten tab: upload (type, notes, file) and the list with Download (the server's
 * audited address) and Verwijderen after a confirmation.
 */
export function DocumentenTab({ aanmelding }: { aanmelding: AanmeldingDetail }) {
  const notify = useNotify();
  const uploadDocument = useAction('uploadAanmeldingDocument');
  const deleteDocument = useAction('deleteAanmeldingDocument');
  const [type, setType] = useState('vog');
  const [notes, setNotes] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [weg, setWeg] = useState<AanmeldingDocument | null>(null);

  const upload = async () => {
    if (file === null) {
      setErrors({ file: 'Selecteer een bestand' });
      return;
    }
    setErrors({});
    const data = new FormData();
    data.append('document_type', type);
    data.append('notes', notes);
    data.append('file', file);
    // The upload invalidates the application (./actions.ts): its list of documents is read again.
    try {
      await uploadDocument.mutateAsync({ id: aanmelding.id, body: data });
      notify('Document geüpload', { type: 'success' });
      setNotes('');
      setFile(null);
      setInputKey((k) => k + 1);
    } catch (e) {
      if (e instanceof ActionError) setErrors(e.fields);
      notify(failureText(e, 'Fout bij uploaden document'), { type: 'error' });
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
      <Card component="section" aria-labelledby="upload-titel" variant="outlined">
        <CardContent>
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void upload();
            }}
            sx={{ display: 'grid', gap: 2, maxWidth: 560 }}
          >
            <Typography id="upload-titel" variant="h6" component="h3">
              Document uploaden
            </Typography>
            <FormControl fullWidth error={errors['document_type'] !== undefined}>
              <InputLabel id="document-type-label">Soort document</InputLabel>
              <Select labelId="document-type-label" label="Soort document" value={type} onChange={(e) => setType(e.target.value)}>
                {DOCUMENT_TYPES.map((d) => (
                  <MenuItem key={d.id} value={d.id}>
                    {d.name}
                  </MenuItem>
                ))}
              </Select>
              {errors['document_type'] && <FormHelperText>{errors['document_type']}</FormHelperText>}
            </FormControl>
            <TextField label="Notities" value={notes} onChange={(e) => setNotes(e.target.value)} error={errors['notes'] !== undefined} helperText={errors['notes']} multiline minRows={2} />
            <BestandVeld
              id="document-bestand"
              label="Bestand"
              accept={DOCUMENT_ACCEPT}
              file={file}
              error={fieldError(errors, 'file')}
              inputKey={inputKey}
              onChange={(f) => {
                setFile(f);
                setErrors((old) => ({ ...old, file: '' }));
              }}
            />
            <Box>
              <Button type="submit" variant="contained" size="large" startIcon={<UploadIcon />} disabled={uploadDocument.isPending}>
                Uploaden
              </Button>
            </Box>
          </Box>
        </CardContent>
      </Card>
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
