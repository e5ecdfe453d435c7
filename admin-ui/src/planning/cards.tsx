import { Box, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { ScreenReaderText } from '../a11y/ScreenReaderText';
import { dagLang } from '@klusmaat/shared-ui/week';
import { isStatus, STATUS_COLOUR, STATUS_LABEL } from '../klussen/status';
import { FOCUS_BLUE } from './layout';
import type { PlanningItem } from './usePlanning';

/** The cards of one day, one under the other; nothing for an empty day. */
export function CardStack({ children }: { children: React.ReactNode[] }) {
  if (children.length === 0) return null;
  // minmax(0, 1fr): a card is as wide as its day, never as wide as its longest word; that word
  // then breaks instead of running into the next day.
  return <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.5 }}>{children}</Box>;
}

/** A compact card: 16 px lines close together, so that a row is as tall as its cards need. */
export const cardSx = {
  display: 'block',
  px: 0.375,
  py: 0.25,
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  bgcolor: 'background.paper',
  color: 'text.primary',
  textDecoration: 'none',
  fontSize: '0.9375rem',
  lineHeight: 1.3,
  // Whole words where they fit, hyphenated where the browser knows Dutch, broken where they do not.
  overflowWrap: 'break-word',
  hyphens: 'auto',
  '&:hover': { bgcolor: '#f3f6fa', textDecoration: 'none' },
  '&:focus-visible': { outline: `3px solid ${FOCUS_BLUE}`, outlineOffset: 2 },
} as const;

/** A line of a card; the hidden comma keeps the parts apart in the spoken name. */
export function Line({ children, bold = false, italic = false, small = false }: { children: React.ReactNode; bold?: boolean; italic?: boolean; small?: boolean }) {
  return (
    <Box
      component="span"
      sx={{ display: 'block', fontWeight: bold ? 700 : 400, fontStyle: italic ? 'italic' : undefined, fontSize: small ? '0.875rem' : undefined }}
    >
      {children}
      <ScreenReaderText>, </ScreenReaderText>
    </Box>
  );
}

/** The job's status as a small label in its colour (white on it: 4.5:1). */
function StatusLabel({ status }: { status: string }) {
  const known = isStatus(status);
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        mt: 0.25,
        px: 0.5,
        borderRadius: 0.5,
        fontSize: '0.875rem',
        fontWeight: 700,
        lineHeight: 1.4,
        ...(known ? { bgcolor: STATUS_COLOUR[status], color: '#fff' } : { border: 1, borderColor: 'divider' }),
      }}
    >
      {known ? STATUS_LABEL[status] : status}
    </Box>
  );
}

/** A job of a klusser on its day: time (or the customer's part of day), town, category, status. */
export function KlusCard({ item, href }: { item: PlanningItem; href: string }) {
  const colour = isStatus(item.status) ? STATUS_COLOUR[item.status] : '#5f6b7a';
  return (
    <Link component={RouterLink} to={href} sx={{ ...cardSx, borderLeft: `3px solid ${colour}` }}>
      <ScreenReaderText>{dagLang(item.dag)}, </ScreenReaderText>
      <Line bold>{item.tijd}</Line>
      {!item.gepland && <Line italic>nog in te plannen</Line>}
      <Line>{item.woonplaats}</Line>
      <Line small>{item.categorie}</Line>
      <StatusLabel status={item.status} />
    </Link>
  );
}

const SCHOUW_STATUS: Record<string, string> = { gepland: 'Gepland', uitgevoerd: 'Uitgevoerd' };

/** A survey on its day, with who does it. */
export function SchouwCard({ item, href }: { item: PlanningItem; href: string }) {
  return (
    <Link component={RouterLink} to={href} sx={{ ...cardSx, borderLeft: '3px dotted #5f6b7a' }}>
      <ScreenReaderText>Schouw {dagLang(item.dag)}, </ScreenReaderText>
      <Line bold>{item.tijd}</Line>
      <Line>{item.woonplaats}</Line>
      <Line small>{item.categorie}</Line>
      <Line small>Opnemer: {item.opnemer || 'onbekend'}</Line>
      <Box component="span" sx={{ display: 'inline-block', px: 0.5, border: 1, borderColor: 'divider', borderRadius: 0.5, fontSize: '0.875rem' }}>
        {SCHOUW_STATUS[item.status] ?? item.status}
      </Box>
    </Link>
  );
}
