import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A page's card named by its h2 title (a klusser's Profiel, a customer's Contactgegevens); the id is the title's unless given. */
export function CardSection({ title, id = `sectie-${title.replace(/\W+/g, '-').toLowerCase()}`, children }: { title: string; id?: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography id={id} variant="h5" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
