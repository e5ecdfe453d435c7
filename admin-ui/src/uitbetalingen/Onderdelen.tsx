import { Box, Link as MuiLink } from '@mui/material';
import { useBasename } from 'react-admin';
import { Link } from 'react-router-dom';

const ONDERDELEN = [
  { pad: 'uitbetalingen', label: 'Uitbetalingen' },
  { pad: 'betaalbatches', label: 'Betaalbatches' },
] as const;

/**
 * The two parts of paying klussers (D31) under one menu item: the statements to check and
 * approve, and the batches that pay them. Links, not tabs: each part is a page of its own with its
 * own address (a reload or a link keeps it), and the one shown is marked for screen readers
 * (aria-current) as well as by its underline.
 */
export function Onderdelen({ huidig }: { huidig: (typeof ONDERDELEN)[number]['pad'] }) {
  const basename = useBasename();
  return (
    <Box component="nav" aria-label="Onderdelen van uitbetalingen" sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Box component="ul" sx={{ display: 'flex', gap: 1, listStyle: 'none', m: 0, p: 0, flexWrap: 'wrap' }}>
        {ONDERDELEN.map((o) => {
          const actief = o.pad === huidig;
          return (
            <li key={o.pad}>
              <MuiLink
                component={Link}
                to={`${basename}/${o.pad}`}
                aria-current={actief ? 'page' : undefined}
                underline="none"
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  minHeight: 48,
                  px: 2,
                  fontWeight: 700,
                  color: actief ? 'primary.main' : 'text.primary',
                  borderBottom: 4,
                  borderColor: actief ? 'primary.main' : 'transparent',
                  '&:hover': { borderColor: actief ? 'primary.main' : 'divider' },
                  '&:focus-visible': { outline: '3px solid #0f2d52', outlineOffset: 2 },
                }}
              >
                {o.label}
              </MuiLink>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
