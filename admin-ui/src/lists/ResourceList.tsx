import { Alert } from '@mui/material';
import { List, Pagination, useListContext, type ListProps } from 'react-admin';

/**
 * A list page of the console: react-admin's List with the console's rules. One page at a time
 * from the server (D25) and no export from the browser (it would fetch every row; exports are
 * server jobs). When the page cannot be loaded, the server's message stands in place of the rows,
 * without paging: not an empty table that claims "1-10 van 10", nor a toast that goes away. An
 * empty list keeps its heading, filters and table, which says why it is empty (lists/EmptyList.tsx),
 * instead of react-admin's empty page.
 */
export function ResourceList({ failure = 'De lijst kon niet worden geladen', ...props }: ListProps & { failure?: string }) {
  return (
    <List
      exporter={false}
      error={<LoadError failure={failure} />}
      pagination={<PagingUnlessFailed />}
      queryOptions={{ onError: () => {} }}
      // minWidth 0: a table wider than the screen scrolls in its own box, not the whole page.
      sx={{ minWidth: 0, '& .RaList-main': { minWidth: 0 }, '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } }}
      empty={false}
      {...props}
    />
  );
}

/**
 * failure: the spec's words for this list (section 8), e.g. 'Fout bij laden van klanten', then the
 * server's reason after a colon; a full stop at the end of failure goes when a reason follows.
 */
function LoadError({ failure }: { failure: string }) {
  const { error } = useListContext();
  const message = error instanceof Error && error.message !== '' ? error.message : null;
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {message === null ? failure : `${failure.replace(/\.$/, '')}: ${message}`}
    </Alert>
  );
}

function PagingUnlessFailed() {
  const { error } = useListContext();
  return error ? null : <Pagination />;
}
