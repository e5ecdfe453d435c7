import { Alert, Button, Chip } from '@mui/material';
import { useListContext } from 'react-admin';
import type { ResponseBody } from '@klusmaat/shared-ui/api/types';
import { useListSummary } from '../lists/SummaryCards';

type Counts = ResponseBody<'/api/v1/aanmeldingen/counts'>['data'];

/**
 * The promise of a response within 2 working days (D26) on the applications list: how many new
 * applications wait past it, and a button that shows just those (the filter reactie=te_laat) or,
 * when they are shown, all applications again.
 */
export function ReactieTeLaatBanner() {
  const { filterValues, setFilters } = useListContext();
  const counts = useListSummary<Counts>('/api/v1/aanmeldingen/counts', 'status');
  const shown = filterValues['reactie'] === 'te_laat';
  const aantal = counts?.reactie_te_laat ?? 0;
  if (!shown && aantal === 0) return null;
  const toggle = () => {
    const rest = { ...filterValues };
    delete rest['reactie'];
    setFilters(shown ? rest : { ...rest, reactie: 'te_laat' }, {});
  };
  return (
    <Alert
      severity={aantal > 0 ? 'warning' : 'info'}
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button color="inherit" variant="outlined" size="large" onClick={toggle}>
          {shown ? 'Alle aanmeldingen tonen' : 'Toon deze aanmeldingen'}
        </Button>
      }
    >
      {aantal === 1
        ? '1 nieuwe aanmelding wacht al langer dan 2 werkdagen op een reactie.'
        : `${aantal} nieuwe aanmeldingen wachten al langer dan 2 werkdagen op een reactie.`}
    </Alert>
  );
}

/** A row's mark: new, and past 2 working days without a response. */
export function ReactieTeLaatChip() {
  return <Chip label="Reactie te laat" size="small" sx={{ ml: 1, bgcolor: '#b3261e', color: '#fff', fontWeight: 700 }} />;
}
