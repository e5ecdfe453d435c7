import { Menu, MenuItem } from '@mui/material';
import type { KlusserRij, OpenKlus } from './usePlanning';

/** The id of an open job's 'Toewijzen aan…' button, which names its menu. */
export const assignButtonId = (klus: OpenKlus) => `toewijzen-${klus.klus_id}`;
export const ASSIGN_MENU_ID = 'toewijzen-menu';

interface AssignMenuProps {
  /** The job whose menu is open, with its button; null when closed. */
  open: { klus: OpenKlus; anchor: HTMLElement } | null;
  klussers: readonly KlusserRij[];
  onClose: () => void;
  onChoose: (klus: OpenKlus, klusser: KlusserRij) => void;
}

/** 'Toewijzen aan…' (the keyboard and screen-reader path of D29): the klussers of the job's region. */
export function AssignMenu({ open, klussers, onClose, onChoose }: AssignMenuProps) {
  const candidates = open === null ? [] : klussers.filter((k) => k.regios.includes(open.klus.regio));
  return (
    <Menu
      id={ASSIGN_MENU_ID}
      anchorEl={open?.anchor ?? null}
      open={open !== null}
      onClose={onClose}
      slotProps={{ list: { 'aria-labelledby': open === null ? undefined : assignButtonId(open.klus) } }}
    >
      {candidates.length === 0 ? (
        <MenuItem disabled>Geen klussers in deze regio</MenuItem>
      ) : (
        candidates.map((k) => (
          <MenuItem key={k.id} onClick={() => open !== null && onChoose(open.klus, k)} sx={{ minHeight: 48 }}>
            {k.naam}
          </MenuItem>
        ))
      )}
    </Menu>
  );
}
