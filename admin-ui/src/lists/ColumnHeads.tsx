import { TableCell, TableHead, TableRow } from '@mui/material';
import { ScreenReaderText } from '../a11y/ScreenReaderText';

/** A column's heading: right-aligned over amounts and counts; srOnly for a column of buttons. */
export interface Column {
  label: string;
  align?: 'right';
  srOnly?: boolean;
}

/** A right-aligned column (amounts, counts). */
export const right = (label: string): Column => ({ label, align: 'right' });

/** A column whose heading only screen readers read ('Actie' over a column of buttons). */
export const srOnly = (label: string): Column => ({ label, srOnly: true });

/** The head of a small table: one column header (th scope=col) per column. */
export function ColumnHeads({ columns }: { columns: readonly (string | Column)[] }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((c) => {
          const col = typeof c === 'string' ? { label: c } : c;
          return (
            <TableCell key={col.label} component="th" scope="col" align={col.align}>
              {col.srOnly ? <ScreenReaderText>{col.label}</ScreenReaderText> : col.label}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}
