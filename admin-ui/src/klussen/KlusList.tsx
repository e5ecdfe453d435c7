import StickyNoteIcon from '@mui/icons-material/StickyNote2';
import { Box, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import { Datagrid, FunctionField, useBasename } from 'react-admin';
import { isAdmin, useMe } from '../auth/useMe';
import { ddMMyyyy } from '../fields/dates';
import { Woorden } from '../lists/Cells';
import { EmptyList } from '../lists/EmptyList';
import { ListHeader } from '../lists/ListHeader';
import { choiceFilter } from '../lists/filters';
import { ResourceList } from '../lists/ResourceList';
import { NewAction } from '../lists/NewButton';
import { UrlFilterRedirect, UrlPrefill } from '../lists/UrlPrefill';
import { KLUS_FILTERS } from './filters';
import { Prijs, toewijzing } from './format';
import { KlusDetailDialog } from './KlusDetailDialog';
import { KlusEditDialog, KlusFormDialog } from './KlusFormDialog';
import { RowActions, StatusSelect } from './RowControls';
import { RegioSelectInput } from '../regios/RegioInputs';
import { useRegios } from '../regios/useRegios';
import { isStatus, STATUS_COLOUR, STATUS_LABEL } from './status';
import { StatusCards } from './StatusCards';
import type { KlusRij } from './types';

/** A description in a table cell: its first 50 characters (section 9's preview length). */
const kort = (tekst: string) => (tekst.length > 50 ? `${tekst.slice(0, 49)}…` : tekst);

const FILTERS = [
  KLUS_FILTERS.zoeken,
  KLUS_FILTERS.status,
  <RegioSelectInput key="regio" source="regio" label="Regio" alwaysOn emptyText="Alle regio's" />,
  choiceFilter('archived', 'Archief', 'Zonder gearchiveerde', [
    ['alle', 'Met gearchiveerde'],
    ['ja', 'Alleen gearchiveerde'],
  ]),
  KLUS_FILTERS.woonplaats,
  KLUS_FILTERS.terugbellen,
];

/** The filters that a link may set in the address (/admin/klussen?status=open, ?woonplaats=Delft). */
const URL_FILTERS = ['status', 'woonplaats', 'regio', 'terugbellen'] as const;

function StatusChip({ status }: { status: string }) {
  if (!isStatus(status)) return <span>{status}</span>;
  return <Chip label={STATUS_LABEL[status]} sx={{ bgcolor: STATUS_COLOUR[status], color: '#fff', fontWeight: 700 }} />;
}



/**
 * 'Klussen Beheer' (document 001 section 2), /admin/klussen: status cards, search, filters, one
 * page of jobs from the server (D25), a status dropdown and actions per row, and the dialogs to
 * create, edit, see and assign a job. Franchise owners (/franchise/klussen) see their regions'
 * jobs read-only.
 */
export default function KlusList() {
  return (
    <UrlFilterRedirect names={URL_FILTERS}>
      <Klussen />
    </UrlFilterRedirect>
  );
}

function Klussen() {
  // Changes are the admin's; a franchise owner who opens /admin/klussen reads (spec section 2 guards).
  const me = useMe();
  const beheer = useBasename() === '/admin' && isAdmin(me);
  const { naam: regioNaam } = useRegios();
  // A new job (id null) or the job being edited; its record is read by the edit dialog.
  const [form, setForm] = useState<{ id: string | null } | null>(null);
  const [detail, setDetail] = useState<string | null>(null);

  const openNew = () => setForm({ id: null });
  const openEdit = (id: string) => setForm({ id });

  return (
    <>
      <ResourceList
        title="Klussen Beheer"
        failure="Kon klussen niet laden"
        sort={{ field: 'datum', order: 'DESC' }}
        filters={FILTERS}
        actions={beheer ? <NewAction label="Nieuwe klus" onClick={openNew} /> : false}

      >
        <UrlPrefill onNew={beheer ? openNew : undefined} onOpen={setDetail} />
        <ListHeader title="Klussen Beheer" gutterBottom>
          <StatusCards />
        </ListHeader>
        <Datagrid
          bulkActionButtons={false}
          empty={<EmptyList none="Nog geen klussen" filtered="Geen klussen gevonden met deze filters" />}
          sx={{ '& td, & th': { px: 0.5 } }}
          rowClick={(id) => {
            setDetail(String(id));
            return false;
          }}
        >
          {/* The day over its time of day, and the note beside the assignment: fewer columns, so a
              long description leaves Acties in view at 1280 px. */}
          <FunctionField<KlusRij>
            source="datum"
            label="Datum"
            render={(r) => (
              <>
                <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                  {ddMMyyyy(r.datum)}
                </Box>
                <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                  {r.tijd}
                </Typography>
              </>
            )}
          />
          <FunctionField<KlusRij>
            label="Categorie"
            sortable={false}
            render={(r) => (
              // Whole words only; a word too long for the column ends in '…' (the full description
              // in the title), so the long description of one job cannot push Acties out of view.
              <Woorden ch={22} title={r.beschrijving}>
                {r.categorie}
                {/* Which job it is: the category alone does not tell two jobs apart. */}
                <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                  {kort(r.beschrijving)}
                </Typography>
              </Woorden>
            )}
          />
          <FunctionField<KlusRij>
            label="Prijs excl. btw"
            sortable={false}
            render={(r) => <Prijs klus={r} />}
          />
          <FunctionField<KlusRij>
            label="Locatie"
            sortBy="woonplaats"
            render={(r) => (
              <Woorden ch={20} title={`${r.woonplaats} (${regioNaam(r.regio)})`}>
                {r.woonplaats}
                <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
                  {regioNaam(r.regio)}
                </Typography>
              </Woorden>
            )}
          />
          {beheer ? (
            <FunctionField label="Status" sortBy="status" render={() => <StatusSelect />} />
          ) : (
            <FunctionField<KlusRij> label="Status" sortBy="status" render={(r) => <StatusChip status={r.status} />} />
          )}
          <FunctionField<KlusRij>
            label="Toewijzing"
            sortable={false}
            render={(r) => (
              <>
                {toewijzing(r)}
                {r.notitie && (
                  <StickyNoteIcon titleAccess="Heeft notities voor de klusser" sx={{ color: '#8a6d00', verticalAlign: 'middle', ml: 0.5 }} />
                )}
                {r.terugbellen_te_laat && (
                  <Chip label="Nog niet teruggebeld" size="small" sx={{ display: 'flex', mt: 0.5, width: 'fit-content', bgcolor: '#b3261e', color: '#fff', fontWeight: 700 }} />
                )}
              </>
            )}
          />
          {beheer && <FunctionField label="Acties" render={() => <RowActions onEdit={openEdit} onDetails={setDetail} />} />}
        </Datagrid>
      </ResourceList>
      {/* A save invalidates the jobs (react-admin's useCreate/useUpdate and api/useAction.ts): the list reads them again. */}
      {form !== null && form.id === null && <KlusFormDialog klus={null} open onClose={() => setForm(null)} onSaved={() => setForm(null)} />}
      {form !== null && form.id !== null && <KlusEditDialog id={form.id} onClose={() => setForm(null)} onSaved={() => setForm(null)} />}
      {detail !== null && <KlusDetailDialog id={detail} beheer={beheer} onClose={() => setDetail(null)} />}
    </>
  );
}
