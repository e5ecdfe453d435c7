import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Box, IconButton, Menu, MenuItem, Typography } from '@mui/material';
import { useState } from 'react';
import {
  Confirm,
  Datagrid,
  FunctionField,
  NumberField,
  TextField,
  useListContext,
  useRecordContext,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { ListItem } from '@klusmaat/shared-ui/api/types';
import { useAction } from '../api/useAction';
import { relativeTime } from '../fields/relativeTime';
import { EmptyList } from '../lists/EmptyList';
import { searchFilter } from '../lists/filters';
import { ResourceList } from '../lists/ResourceList';
import { ListHeader } from '../lists/ListHeader';
import { NewAction } from '../lists/NewButton';
import { NieuweKlantDialog } from './NieuweKlantDialog';

type Klant = ListItem<'/api/v1/klanten'>;

/** The irreversible warning of section 8 (delete customer); invoices stay (D8, D11). */
export const VERWIJDER_WAARSCHUWING =
  'Dit kan niet ongedaan worden gemaakt. Alle klussen van deze klant, de bijbehorende werkbonnen en de klusgeschiedenis worden verwijderd. Facturen blijven bewaard.';

export const klantPath = (email: string) => `/admin/klanten/${encodeURIComponent(email)}`;

const FILTERS = [searchFilter('Zoeken op e-mail, telefoon of woonplaats', 340)];

/** 'Details bekijken' and 'Verwijderen' of one customer (the row menu of the spec). */
function RowMenu() {
  const klant = useRecordContext<Klant>();
  const navigate = useNavigate();
  const { run: deleteKlant } = useAction('deleteKlant');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirm, setConfirm] = useState(false);
  if (klant === undefined) return null;

  const remove = async () => {
    setConfirm(false);
    // The action invalidates the customers (and their jobs): the list is read again.
    await deleteKlant({ email: klant.email });
  };

  return (
    <Box onClick={(e) => e.stopPropagation()}>
      <IconButton aria-label={`Acties voor ${klant.email}`} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => navigate(klantPath(klant.email))}>Details bekijken</MenuItem>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setConfirm(true);
          }}
          sx={{ color: 'error.main' }}
        >
          Verwijderen
        </MenuItem>
      </Menu>
      <Confirm
        isOpen={confirm}
        title={`Klant ${klant.email} verwijderen?`}
        content={VERWIJDER_WAARSCHUWING}
        confirm="Klant verwijderen"
        cancel="Annuleren"
        confirmColor="warning"
        onConfirm={() => void remove()}
        onClose={() => setConfirm(false)}
      />
    </Box>
  );
}

function Heading() {
  const { total } = useListContext();
  return (
    <ListHeader title="Klantbeheer">
      {total !== undefined && (
        <Typography data-testid="klanten-totaal">
          {total} {total === 1 ? 'klant' : 'klanten'}
        </Typography>
      )}
    </ListHeader>
  );
}


/**
 * 'Klantbeheer' (document 001 section 2), /admin/klanten: the jobs aggregated per e-mail address
 * by the server (D11), one page at a time (D25), with search, a row menu and 'Nieuwe Klant'.
 */
export default function KlantList() {
  const [nieuw, setNieuw] = useState(false);
  const now = new Date();
  return (
    <>
      <ResourceList
        title="Klantbeheer"
        failure="Fout bij laden van klanten"
        sort={{ field: 'laatste_klus', order: 'DESC' }}
        filters={FILTERS}
        actions={<NewAction label="Nieuwe Klant" onClick={() => setNieuw(true)} />}
      >
        <Heading />
        <Datagrid bulkActionButtons={false} rowClick="edit" empty={<EmptyList none="Nog geen klanten" filtered="Geen klanten gevonden" />}>
          <TextField source="email" label="E-mail" />
          <TextField source="telefoon" label="Telefoon" sortable={false} />
          <TextField source="woonplaats" label="Woonplaats" />
          <NumberField source="aantal_klussen" label="Aantal klussen" />
          <FunctionField<Klant>
            source="laatste_klus"
            label="Laatste klus"
            render={(k) => <time dateTime={k.laatste_klus}>{relativeTime(k.laatste_klus, now)}</time>}
          />
          <FunctionField label="Acties" render={() => <RowMenu />} />
        </Datagrid>
      </ResourceList>
      {nieuw && (
        <NieuweKlantDialog
          open
          onClose={() => setNieuw(false)}
          // The create invalidates the customers: the list is read again.
          onSaved={() => setNieuw(false)}
        />
      )}
    </>
  );
}
