import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Alert, Box, Button, Link as MuiLink, Typography } from '@mui/material';
import { useState } from 'react';
import { TextInput, useNotify } from 'react-admin';
import { Link } from 'react-router-dom';
import { ActionError, failureText, type ActionAnswer } from '../api/action';
import { useAction } from '../api/useAction';
import { FormCard } from './FormCard';
import { SelectInput } from '../fields/SelectInput';
import { AccountDialog } from './AccountDialog';
import { AANMELDING_STATUS_CHOICES } from './status';
import type { AanmeldingDetail } from './types';

/**
 * The Beoordeling tab: status and internal notes, saved together. Once the saved status is
 * goedgekeurd the account can be made ('Maak Klusser Account'); once made, a link to the klusser.
 */
export function BeoordelingTab({ aanmelding }: { aanmelding: AanmeldingDetail }) {
  const notify = useNotify();
  const beoordeel = useAction('beoordeelAanmelding');
  const [account, setAccount] = useState(false);

  // The answer's application replaces the cached one: the account button follows the saved status.
  const save = async (values: Record<string, unknown>) => {
    try {
      const answer: ActionAnswer<unknown> = await beoordeel.mutateAsync({
        id: aanmelding.id,
        status: String(values['status'] ?? ''),
        notities: String(values['notities'] ?? ''),
      });
      notify(answer.message || 'Status bijgewerkt', { type: 'success' });
      return undefined;
    } catch (e) {
      notify(failureText(e, 'Fout bij bijwerken status'), { type: 'error' });
      return e instanceof ActionError ? e.fields : undefined;
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      <FormCard
        id="beoordeling"
        titel="Beoordeling"
        knop="Opslaan"
        busy={beoordeel.isPending}
        defaultValues={{ status: aanmelding.status, notities: aanmelding.notities }}
        onSubmit={save}
      >
        {/* A status is always set: no empty choice. */}
        <SelectInput source="status" label="Status" choices={AANMELDING_STATUS_CHOICES} isRequired fullWidth helperText={false} />
        <TextInput source="notities" label="Interne notities" multiline minRows={4} fullWidth helperText={false} />
      </FormCard>
      {aanmelding.klusser_id !== null ? (
        <Alert severity="success">
          <Typography sx={{ fontWeight: 700 }}>Account aangemaakt</Typography>
          <MuiLink component={Link} to={`/admin/klussers/${encodeURIComponent(aanmelding.klusser_id)}`}>
            Klusser bekijken
          </MuiLink>
        </Alert>
      ) : (
        aanmelding.status === 'goedgekeurd' && (
          <Box>
            <Button variant="contained" color="success" size="large" startIcon={<PersonAddIcon />} onClick={() => setAccount(true)}>
              Maak Klusser Account
            </Button>
          </Box>
        )
      )}
      {account && (
        <AccountDialog
          aanmelding={aanmelding}
          onClose={() => setAccount(false)}
          // The account's action invalidates the application: the link to the klusser follows.
          onCreated={() => setAccount(false)}
        />
      )}
    </Box>
  );
}
