import { DateField, type DateFieldProps } from 'react-admin';
import { ZONE } from '@klusmaat/shared-ui/calendar';

/**
 * A business date in Dutch (19-11-2025). Shown in Amsterdam, never in the browser's zone: a
 * moment such as created_at gets its Amsterdam date, and a plain date such as datum
 * ("2025-11-19", read as midnight UTC) stays the same day.
 */
export function DayField({ sx, ...props }: DateFieldProps) {
  // 23-11-2026 on one line: a narrow column would otherwise break it at its hyphens.
  return <DateField locales="nl-NL" options={{ timeZone: ZONE }} {...props} sx={[{ whiteSpace: 'nowrap' }, ...(Array.isArray(sx) ? sx : [sx])]} />;
}
