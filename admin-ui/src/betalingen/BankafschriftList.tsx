import { Button, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { Datagrid, FunctionField, NumberField } from 'react-admin';
import { useApiData } from '../api/useApiData';
import { momentNl } from '../fields/dates';
import { uitgeverNaam, type Uitgever } from '../facturen/uitgevers';
import { EmptyList } from '../lists/EmptyList';
import { ListHeader } from '../lists/ListHeader';
import { ResourceList } from '../lists/ResourceList';
import { AfschriftDetail } from './AfschriftDetail';
import { Inlezen } from './Inlezen';
import type { Afschrift } from './importeren';

/**
 * 'Bankafschriften' (D30), /admin/bankafschriften and /franchise/bankafschriften: read a
 * business's CAMT.053 statement, see what it booked and what waits for the office, and the
 * statements read before (newest first, one page from the server, D25). A statement's entries open
 * above the list, where the focus goes: after an import, the statement just read.
 */
export default function BankafschriftList() {
  const { data: uitgevers } = useApiData<Uitgever[]>('/api/v1/factuur-uitgevers?per_page=100');
  const [gekozen, setGekozen] = useState<{ id: string; melding: string | null; focusVersie: number } | null>(null);
  const bedrijf = useCallback(
    (id: string) => {
      const u = uitgevers?.find((x) => x.id === id);
      return u === undefined ? id : uitgeverNaam(u);
    },
    [uitgevers],
  );

  const open = (id: string, melding: string | null) => setGekozen((g) => ({ id, melding, focusVersie: (g?.focusVersie ?? 0) + 1 }));

  return (
    <ResourceList title="Bankafschriften" failure="Kon bankafschriften niet laden" sort={{ field: 'created_at', order: 'DESC' }} actions={false}>
      <ListHeader title="Bankafschriften" grid>
        <Inlezen uitgevers={uitgevers} onIngelezen={(a: Afschrift, melding: string) => open(a.id, melding)} />
        {gekozen !== null && <AfschriftDetail key={gekozen.id} id={gekozen.id} bedrijf={bedrijf} melding={gekozen.melding} focusVersie={gekozen.focusVersie} />}
        <Typography variant="h5" component="h2">
          Ingelezen afschriften
        </Typography>
      </ListHeader>
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        sx={{ '& .MuiTableCell-root': { px: 0.75 } }}
        empty={<EmptyList none="Nog geen bankafschriften ingelezen." filtered="Geen bankafschriften gevonden." />}
      >
        <FunctionField<Afschrift> source="created_at" label="Ingelezen" render={(a) => momentNl(a.created_at)} />
        <FunctionField<Afschrift>
          label="Bedrijf en rekening"
          sortable={false}
          render={(a) => (
            <>
              {bedrijf(a.uitgever)}
              <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                {a.iban}
              </Typography>
            </>
          )}
        />
        <NumberField source="posten" label="Posten" sortable={false} />
        <NumberField source="geboekt" label="Meteen geboekt" sortable={false} />
        <NumberField source="voorstellen" label="Te beoordelen" sortable={false} />
        <NumberField source="overgeslagen" label="Overgeslagen" sortable={false} />
        <NumberField source="dubbel" label="Al eerder ingelezen" sortable={false} />
        <FunctionField<Afschrift>
          label="Acties"
          sortable={false}
          render={(a) => (
            <Button variant="outlined" onClick={() => open(a.id, null)} aria-label={`Bekijken: afschrift van ${bedrijf(a.uitgever)}, ingelezen ${momentNl(a.created_at)}`}>
              Bekijken
            </Button>
          )}
        />
      </Datagrid>
    </ResourceList>
  );
}
