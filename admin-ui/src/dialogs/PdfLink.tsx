import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Link } from '@mui/material';
import type { ReactNode } from 'react';

/** A detail dialog's PDF, at the left of its foot, opened in a new tab: 'PDF van de uitbetaling'. */
export function PdfLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noopener" sx={{ mr: 'auto', fontWeight: 700, display: 'inline-flex', alignItems: 'center', gap: 0.5, minHeight: 44 }}>
      <PictureAsPdfIcon aria-hidden="true" />
      {children}
    </Link>
  );
}
