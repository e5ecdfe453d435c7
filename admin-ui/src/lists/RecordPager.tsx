import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Box, Button, Typography } from '@mui/material';
import { usePrevNextController, type FilterPayload, type SortPayload } from 'react-admin';
import { Link } from 'react-router-dom';
import { visuallyHidden } from '../a11y/ScreenReaderText';

/** Below MUI's sm breakpoint: a phone. */
const NARROW = '@media (max-width: 599.95px)';

/**
 * 'Vorige klusser · 2 van 12 · Volgende klusser' on a record page: the neighbours in the list as
 * the user left it (its sort and filters, from react-admin's store), or as the list opens when the
 * page was reached directly, hence the list's default sort and filter here too. React-admin's own
 * PrevNextButtons are icons named 'Naar de vorige pagina', which is not what they do; these say
 * which record they open. The neighbours come from the list's cached page, or else from one read
 * of its first 100 rows (the API's largest page); a record beyond them gets no pager.
 */
export function RecordPager({
  wat,
  label,
  sort,
  filterDefaultValues,
}: {
  /** What a record is: 'klusser' makes 'Vorige klusser' and 'Volgende klusser'. */
  wat: string;
  /** The landmark's name, e.g. 'Bladeren door de klussers'. */
  label: string;
  sort: SortPayload;
  filterDefaultValues?: FilterPayload;
}) {
  const { hasPrev, hasNext, prevPath, nextPath, index, total, isPending, error } = usePrevNextController({
    limit: 100,
    sort,
    // Not retried: actions on the record wait for the reads they invalidate, this one included,
    // and a pager that cannot read its list is simply not shown.
    queryOptions: { staleTime: 5 * 60 * 1000, retry: false },
    ...(filterDefaultValues ? { filterDefaultValues } : {}),
  });
  if (isPending || error || index === undefined || total === undefined || total < 2) return null;
  const knop = (richting: 'Vorige' | 'Volgende', path: string | undefined, enabled: boolean) => {
    const iconProps = richting === 'Vorige' ? { startIcon: <ChevronLeftIcon /> } : { endIcon: <ChevronRightIcon /> };
    // On a phone the button shows 'Vorige', so the pager fits on one line; a screen reader still
    // hears 'Vorige klusser' (the visible word starts the name, WCAG 2.5.3).
    // One span around the words: in the button's flex box a bare space between them would vanish.
    const text = (
      <span>
        {richting}{' '}
        <Box component="span" sx={{ [NARROW]: visuallyHidden }}>
          {wat}
        </Box>
      </span>
    );
    return enabled && path !== undefined ? (
      <Button component={Link} to={path} variant="outlined" {...iconProps}>
        {text}
      </Button>
    ) : (
      <Button variant="outlined" disabled {...iconProps}>
        {text}
      </Button>
    );
  };
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      {knop('Vorige', prevPath, hasPrev)}
      <Typography sx={{ px: 1 }}>
        {index + 1} van {total}
      </Typography>
      {knop('Volgende', nextPath, hasNext)}
    </Box>
  );
}
