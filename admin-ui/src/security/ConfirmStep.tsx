import { Button, Stack, Typography } from '@mui/material';

/**
 * The question before switching something off ('Weet u het zeker? …'): the red button that does
 * it, and 'Annuleren'. While busy the red button says so to assistive technology and stays
 * focusable.
 */
export function ConfirmStep({
  question,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  question: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>{question}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
        <Button variant="contained" color="error" onClick={onConfirm} aria-disabled={busy || undefined}>
          {confirmLabel}
        </Button>
        <Button variant="outlined" onClick={onCancel}>
          Annuleren
        </Button>
      </Stack>
    </Stack>
  );
}
