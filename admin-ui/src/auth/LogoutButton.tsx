import { useState } from 'react';
import LogoutIcon from '@mui/icons-material/Logout';
import { Button } from '@mui/material';
import { useLogout } from 'react-admin';
import { TEXTS } from '@klusmaat/shared-ui/auth/texts';
import { USER_LOGOUT } from '../authProvider';

/**
 * A visible "Uitloggen" button for the app bar (a menu hidden behind an icon is easy to miss).
 * It goes through react-admin's logout, so that its caches are cleared too; the authProvider
 * ends the Kratos session, shows the toast and leads to /admin/auth.
 */
export function LogoutButton() {
  const logout = useLogout();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await logout(USER_LOGOUT, undefined, false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      color="inherit"
      variant="outlined"
      startIcon={<LogoutIcon />}
      onClick={() => void onClick()}
      aria-disabled={busy || undefined}
      sx={{ ml: 1, whiteSpace: 'nowrap', '&.Mui-focusVisible': { outline: '3px solid #ffd27a', outlineOffset: 2 } }}
    >
      {TEXTS.logoutButton}
    </Button>
  );
}
