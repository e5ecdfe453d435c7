import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { TopToolbar } from 'react-admin';

/** 'Nieuwe …': the button that opens the form for a new record of a list. */
export function NewButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="contained" size="large" startIcon={<AddIcon />} onClick={onClick}>
      {label}
    </Button>
  );
}

/** The list's actions above its table (react-admin's toolbar): only the NewButton. */
export function NewAction({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <TopToolbar>
      <NewButton label={label} onClick={onClick} />
    </TopToolbar>
  );
}
