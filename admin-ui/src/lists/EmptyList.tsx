import { Typography } from '@mui/material';
import { useListContext } from 'react-admin';

/**
 * A list without rows says which kind of empty it is (document 001 section 2): nothing at all
 * yet, or nothing that matches the filters.
 */
export function EmptyList({ none, filtered }: { none: string; filtered: string }) {
  const { filterValues } = useListContext();
  const isFiltered = Object.values(filterValues).some((v) => v !== undefined && v !== '');
  return (
    <Typography sx={{ p: 3 }} role="status">
      {isFiltered ? filtered : none}
    </Typography>
  );
}
