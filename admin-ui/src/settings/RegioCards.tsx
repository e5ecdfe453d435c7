import { Box, Card, CardContent, Typography } from '@mui/material';
import { TextInput } from 'react-admin';

interface Regio {
  regio: string;
  naam: string;
  support_phone: string;
  support_email: string;
}

/** The form keeps the regions by slug, so that the server's field names ("regios.den-haag.support_phone") are form paths. */
export type RegioForm = Record<string, { support_phone: string; support_email: string }>;

export function regiosToForm(regios: Regio[]): RegioForm {
  return Object.fromEntries(regios.map((r) => [r.regio, { support_phone: r.support_phone, support_email: r.support_email }]));
}

/** The body the server takes for the regions: only their fields. */
export function formToRegios(form: RegioForm | undefined) {
  return Object.entries(form ?? {}).map(([regio, r]) => ({ regio, support_phone: r.support_phone ?? '', support_email: r.support_email ?? '' }));
}

/** One card per region with its support phone and e-mail (admin settings and franchise settings). */
export function RegioCards({ regios }: { regios: Regio[] }) {
  return (
    <>
      {regios.map((r) => (
        <Card key={r.regio} component="section" aria-labelledby={`regio-${r.regio}`} sx={{ mb: 2 }}>
          <CardContent>
            <Typography id={`regio-${r.regio}`} variant="h5" component="h2" gutterBottom>
              Regio {r.naam}
            </Typography>
            <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <TextInput source={`regios.${r.regio}.support_phone`} label={`Supporttelefoon ${r.naam}`} type="tel" />
              <TextInput source={`regios.${r.regio}.support_email`} label={`Support e-mail ${r.naam}`} type="email" />
            </Box>
          </CardContent>
        </Card>
      ))}
    </>
  );
}
