import { Button } from '@mui/material';
import { useMemo, useState } from 'react';
import { Datagrid, FunctionField, TextField } from 'react-admin';
import { SelectInput } from '../fields/SelectInput';
import type { ListItem } from '@klusmaat/shared-ui/api/types';
import { useApiData } from '../api/useApiData';
import { kandidatenPath } from '../klussen/useKandidaten';
import { DayField } from '../fields/DayField';
import { wrapAnywhere } from '../fields/wrap';
import { DetailDialog } from '../dialogs/DetailDialog';
import { EmptyList } from '../lists/EmptyList';
import { ListHeader } from '../lists/ListHeader';
import { choiceFilter, searchFilter } from '../lists/filters';
import { ResourceList } from '../lists/ResourceList';
import { useRegios } from '../regios/useRegios';
import { WerkbonCards } from './WerkbonCards';
import { WerkbonDetails } from './WerkbonDetails';

type Rij = ListItem<'/api/v1/werkbonnen'>;
type Kandidaat = ListItem<'/api/v1/klussen/klussers'>;

/**
 * The klussers to filter on: every active klusser (the assign list, asked for all regions at once,
 * one page of 100, sorted by name).
 */
function useAlleKlussers(): { id: string; name: string }[] {
  const { regios } = useRegios();
  const { data } = useApiData<Kandidaat[]>(kandidatenPath(regios.map((r) => r.slug)), { enabled: regios.length > 0 });
  return useMemo(() => (data ?? []).map((k) => ({ id: k.id, name: k.naam })), [data]);
}

function useFilters() {
  const klussers = useAlleKlussers();
  return [
    searchFilter('Zoeken (klus, woonplaats, klant of klusser)'),
    <SelectInput key="klusser_id" source="klusser_id" label="Klusser" choices={klussers} alwaysOn emptyText="Alle klussers" />,
    choiceFilter('ondertekend', 'Handtekening', 'Alle werkbonnen', [
      ['ja', 'Ondertekend'],
      ['nee', 'Niet ondertekend'],
    ]),
  ];
}


/**
 * The work orders overview (document 001 section 2), /admin/werkbonnen: three cards, search,
 * klusser and signed filters, one page from the server (D25), and a row opens its details.
 */
export default function WerkbonList() {
  const filters = useFilters();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <>
      <ResourceList title="Werkbonnen" sort={{ field: 'created_at', order: 'DESC' }} filters={filters} actions={false}>
        <ListHeader title="Werkbonnen" gutterBottom>
          <WerkbonCards />
        </ListHeader>
        <Datagrid
          bulkActionButtons={false}
          empty={<EmptyList none="Nog geen werkbonnen" filtered="Geen werkbonnen gevonden met deze filters" />}
          // Nine columns: tighter cells keep the Bekijken button in view at 1280 px.
          sx={{ '& td, & th': { px: 0.75 } }}
          rowClick={(id) => {
            setOpen(String(id));
            return false;
          }}
        >
          <DayField source="datum" label="Datum" />
          <TextField source="klusser" label="Klusser" sx={wrapAnywhere} />
          <TextField source="beschrijving" label="Klus" sortable={false} sx={wrapAnywhere} />
          <TextField source="woonplaats" label="Woonplaats" sortable={false} sx={wrapAnywhere} />
          {/* The customer's name, or their e-mail address: a long one breaks in its column. */}
          <TextField source="klant" label="Klant" sortable={false} sx={wrapAnywhere} />
          <FunctionField<Rij> source="uren" label="Uren" render={(w) => (w.uren === null ? '—' : String(w.uren))} />
          <FunctionField<Rij> label="Ondertekend" sortable={false} render={(w) => (w.ondertekend ? 'Ja' : 'Nee')} />
          <FunctionField<Rij> label="Status" sortable={false} render={(w) => (w.status === 'completed' ? 'Afgerond' : 'Lopend')} />
          <FunctionField<Rij>
            label="Werkbon"
            sortable={false}
            render={(w) => (
              // The row opens it on a click; this button is the way for the keyboard.
              <Button
                variant="outlined"
                aria-label={`Bekijken: werkbon ${w.beschrijving}`}
                onClick={(e) => {
                  e.stopPropagation();
                  setOpen(String(w.id));
                }}
              >
                Bekijken
              </Button>
            )}
          />
        </Datagrid>
      </ResourceList>
      {open !== null && (
        <DetailDialog id="werkbon-detail-title" title="Werkbon" loading={null} failure={null} onClose={() => setOpen(null)}>
          <WerkbonDetails id={open} />
        </DetailDialog>
      )}
    </>
  );
}
