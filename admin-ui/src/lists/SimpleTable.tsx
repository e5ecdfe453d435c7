import { Table, TableBody, TableCell, TableRow } from '@mui/material';
import type { ReactNode } from 'react';
import { ColumnHeads } from './ColumnHeads';

/**
 * A small read-only table of rows a page already holds (a customer's invoices, a klusser's
 * hours): column headers for screen readers, one row per item. Lists from the server use
 * react-admin's Datagrid instead.
 */
export function SimpleTable<T>({ headers, rows, rowKey, cells }: { headers: string[]; rows: T[]; rowKey: (row: T) => string; cells: (row: T) => ReactNode[] }) {
  return (
    <Table size="small">
      <ColumnHeads columns={headers} />
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            {cells(row).map((cell, i) => (
              // A date (dd-MM-yyyy) reads as one word: it never breaks at its hyphens. Other text
              // breaks anywhere rather than widen the table past its card (a link in a description).
              <TableCell key={headers[i] ?? i} sx={headers[i] === 'Datum' ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}>
                {cell}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
