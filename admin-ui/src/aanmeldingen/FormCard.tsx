import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Form, type FormProps } from 'react-admin';

/**
 * One of the application page's forms in its own card: a heading (h3, which names the card), the
 * fields, and the button that sends it, off while it is being sent; errors stand under the fields.
 */
export function FormCard({
  id,
  titel,
  knop,
  startIcon,
  busy,
  defaultValues,
  record,
  onSubmit,
  maxWidth,
  children,
}: {
  /** Prefix of the heading's id. */
  id: string;
  titel: string;
  knop: string;
  startIcon?: ReactNode;
  busy: boolean;
  defaultValues?: FormProps['defaultValues'];
  record?: FormProps['record'];
  onSubmit: NonNullable<FormProps['onSubmit']>;
  maxWidth?: number;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={`${id}-titel`} variant="outlined">
      <CardContent>
        <Form defaultValues={defaultValues} record={record} onSubmit={onSubmit} noValidate>
          <Box sx={{ display: 'grid', gap: 2, maxWidth }}>
            <Typography id={`${id}-titel`} variant="h6" component="h3">
              {titel}
            </Typography>
            {children}
            <Box>
              <Button type="submit" variant="contained" size="large" startIcon={startIcon} disabled={busy}>
                {knop}
              </Button>
            </Box>
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}
