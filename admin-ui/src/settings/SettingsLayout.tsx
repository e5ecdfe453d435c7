import { Alert, Box, Button, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Form, Title, type FormProps } from 'react-admin';

/**
 * The frame of a settings page ('Instellingen'): the title, what went wrong reading the settings,
 * or that they are being read; children once they are there.
 */
export function SettingsLayout({ loading, loadError, children }: { loading: boolean; loadError: string | null; children: ReactNode }) {
  return (
    <Box sx={{ py: 2, maxWidth: 900 }}>
      <Title title="Instellingen" />
      <Typography variant="h4" component="h1" gutterBottom>
        Instellingen
      </Typography>
      {loadError !== null && <Alert severity="error">{loadError}</Alert>}
      {loading && loadError === null && <Typography role="status">Instellingen worden geladen…</Typography>}
      {children}
    </Box>
  );
}

/** The settings saved together: why the last save failed above them, 'Opslaan' below them. */
export function SettingsForm({
  defaultValues,
  onSubmit,
  saveError,
  children,
}: {
  defaultValues: FormProps['defaultValues'];
  onSubmit: NonNullable<FormProps['onSubmit']>;
  saveError: string | null;
  children: ReactNode;
}) {
  return (
    <Form defaultValues={defaultValues} onSubmit={onSubmit} noValidate>
      {saveError !== null && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {saveError}
        </Alert>
      )}
      {children}
      <Button type="submit" variant="contained" size="large">
        Opslaan
      </Button>
    </Form>
  );
}
