import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import BuildIcon from '@mui/icons-material/Build';
import EventIcon from '@mui/icons-material/Event';
import InboxIcon from '@mui/icons-material/Inbox';
import type { SvgIconComponent } from '@mui/icons-material';

/** The four job statuses, in the order of their life (document 001 section 4). */
export const STATUSES = ['open', 'ingepland', 'bezig', 'afgerond'] as const;
export type KlusStatus = (typeof STATUSES)[number];

export function isStatus(value: unknown): value is KlusStatus {
  return typeof value === 'string' && (STATUSES as readonly string[]).includes(value);
}

export const STATUS_LABEL: Record<KlusStatus, string> = {
  open: 'Open',
  ingepland: 'Ingepland',
  bezig: 'Bezig',
  afgerond: 'Afgerond',
};

/**
 * Blue, purple, orange and emerald on the admin side (section 4), in shades dark enough for white
 * text (contrast at least 4.5:1). The label and the icon always go with the colour: colour alone
 * tells a colour-blind user nothing.
 */
export const STATUS_COLOUR: Record<KlusStatus, string> = {
  open: '#1558b0',
  ingepland: '#6a1b9a',
  bezig: '#a84300',
  afgerond: '#046c4e',
};

export const STATUS_ICON: Record<KlusStatus, SvgIconComponent> = {
  open: InboxIcon,
  ingepland: EventIcon,
  bezig: BuildIcon,
  afgerond: AssignmentTurnedInIcon,
};

/** The choices of a status select, labels as users read them. */
export const STATUS_CHOICES = STATUSES.map((id) => ({ id, name: STATUS_LABEL[id] }));

/** The job categories of the admin side (section 9, D9): stored by key, shown by label. */
export const CATEGORIE_CHOICES = [
  { id: 'schilderwerk', name: 'Schilderwerk' },
  { id: 'houtwerk', name: 'Houtwerk' },
  { id: 'loodgieterswerk', name: 'Loodgieterswerk' },
  { id: 'tegelwerk', name: 'Tegelwerk' },
  { id: 'elektra', name: 'Elektra' },
  { id: 'tuinonderhoud', name: 'Tuinonderhoud' },
  { id: 'overig', name: 'Overig' },
] as const;
