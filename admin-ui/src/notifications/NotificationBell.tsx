import NotificationsIcon from '@mui/icons-material/Notifications';
import { Badge, Box, Button, IconButton, Link as MuiLink, Popover, Typography } from '@mui/material';
import { useId, useRef } from 'react';
import { useBasename } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { badgeText, sentAt, type Notification } from '@klusmaat/shared-ui/notifications';
import { inPageClick, useNotificationBell } from '@klusmaat/shared-ui/notificationBell';
import { visuallyHidden } from '../a11y/ScreenReaderText';
import { useIsAdmin } from '../auth/useMe';

/**
 * Where a notification's job opens: an admin's 'Klussen Beheer' with the job's details open
 * (/admin/klussen?klus=…), a franchise owner's job page (/franchise/klussen/…), as the planning
 * board links them.
 */
export function jobPath(basename: string, admin: boolean, klusId: string): string {
  const id = encodeURIComponent(klusId);
  return basename === '/admin' && admin ? `/admin/klussen?klus=${id}` : `${basename}/klussen/${id}`;
}

const focusRing = { outline: '3px solid #0f2d52', outlineOffset: 2 };

/**
 * The notifications of the signed-in user in the console's app bar (D33): a bell with the number
 * unread ('Meldingen, 3 ongelezen'), opening a list newest first where each notification opens its
 * job and can be marked read, with 'Alles gelezen' for all. It follows the event stream, and a
 * screen reader hears new notifications as they arrive.
 */
export function NotificationBell() {
  const basename = useBasename();
  const admin = useIsAdmin();
  const { inbox, bell, bellProps, open, close, panelId, openJob } = useNotificationBell(useNavigate());
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);

  // 'Alles gelezen' turns itself off: focus goes to the panel's title rather than nowhere.
  const markAllRead = () => {
    void inbox.markAllRead();
    title.current?.focus();
  };

  return (
    <>
      <IconButton
        {...bellProps}
        color="inherit"
        sx={{ width: 48, height: 48, ml: 1, '&.Mui-focusVisible': { outline: '3px solid #ffd27a', outlineOffset: 2 } }}
      >
        <Badge
          badgeContent={inbox.unread === 0 ? undefined : badgeText(inbox.unread)}
          invisible={inbox.unread === 0}
          overlap="circular"
          slotProps={{ badge: { 'aria-hidden': true } }}
          sx={{ '& .MuiBadge-badge': { bgcolor: '#ffd27a', color: '#0f2d52', fontWeight: 700, fontSize: '0.9rem', minWidth: 24, height: 24 } }}
        >
          <NotificationsIcon sx={{ fontSize: 30 }} />
        </Badge>
      </IconButton>
      {/* Always in the page, so that a screen reader hears notifications that arrive. */}
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {inbox.announcement}
      </Box>
      <Popover
        open={open}
        anchorEl={bell.current}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            id: panelId,
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { width: 'min(460px, calc(100vw - 16px))', maxHeight: 'min(640px, calc(100vh - 80px))', display: 'flex', flexDirection: 'column' },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderBottom: '1px solid #d5dbe3', flexWrap: 'wrap' }}>
          <Typography id={titleId} ref={title} tabIndex={-1} component="h2" sx={{ fontSize: '1.375rem', fontWeight: 700, flex: 1, '&:focus-visible': focusRing }}>
            Meldingen
          </Typography>
          <Button
            variant="outlined"
            onClick={markAllRead}
            disabled={inbox.unread === 0}
            sx={{ minHeight: 44, '&.Mui-focusVisible': focusRing }}
          >
            Alles gelezen
          </Button>
        </Box>
        <Box sx={{ overflowY: 'auto' }}>
          {inbox.state === 'loading' && <Typography sx={{ p: 2 }}>Meldingen worden geladen…</Typography>}
          {inbox.state === 'failed' && (
            <Box sx={{ p: 2 }}>
              <Typography role="alert">De meldingen konden niet worden geladen.</Typography>
              <Button variant="outlined" onClick={inbox.reload} sx={{ mt: 1, minHeight: 44 }}>
                Opnieuw proberen
              </Button>
            </Box>
          )}
          {inbox.state === 'ok' && inbox.items.length === 0 && <Typography sx={{ p: 2 }}>Je hebt nog geen meldingen.</Typography>}
          {inbox.state === 'ok' && inbox.items.length > 0 && (
            <Box component="ul" aria-labelledby={titleId} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {inbox.items.map((n) => (
                <Entry key={n.id} n={n} onOpen={openJob} onRead={(id) => void inbox.markRead(id)} href={n.klus_id ? jobPath(basename, admin, n.klus_id) : null} />
              ))}
            </Box>
          )}
          {inbox.state === 'ok' && inbox.total > inbox.items.length && (
            <Typography sx={{ p: 2, color: 'text.secondary' }}>De nieuwste {inbox.items.length} van {inbox.total} meldingen.</Typography>
          )}
        </Box>
      </Popover>
    </>
  );
}

interface EntryProps {
  n: Notification;
  href: string | null;
  onOpen: (n: Notification, to: string) => void;
  onRead: (id: string) => void;
}

/** One notification: its text (a link to the job), when it came, and 'Gelezen' while unread. */
function Entry({ n, href, onOpen, onRead }: EntryProps) {
  const unread = n.read_at === null;
  const link = useRef<HTMLAnchorElement>(null);
  const text = (
    <>
      {unread && <Box component="span" sx={visuallyHidden}>Ongelezen: </Box>}
      {n.message}
    </>
  );
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1.5,
        px: 2,
        py: 1.5,
        borderBottom: '1px solid #e3e8ee',
        bgcolor: unread ? '#eef3fa' : 'transparent',
      }}
    >
      <Box
        aria-hidden="true"
        sx={{ width: 12, height: 12, mt: 1, borderRadius: '50%', flex: 'none', bgcolor: unread ? '#1d4e89' : 'transparent' }}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {href !== null && n.klus_id ? (
          <MuiLink
            ref={link}
            component={Link}
            to={href}
            onClick={(e: React.MouseEvent) => inPageClick(e, () => onOpen(n, href))}
            sx={{
              display: 'inline-block',
              minHeight: 44,
              py: 0.5,
              fontSize: '1.125rem',
              fontWeight: unread ? 700 : 400,
              color: '#0f2d52',
              textDecorationThickness: 2,
              '&:focus-visible': focusRing,
            }}
          >
            {text}
          </MuiLink>
        ) : (
          <Typography sx={{ fontSize: '1.125rem', fontWeight: unread ? 700 : 400, py: 0.5 }}>{text}</Typography>
        )}
        <Typography sx={{ color: 'text.secondary', fontSize: '1rem' }}>{sentAt(n.created_at)}</Typography>
      </Box>
      {unread && (
        <Button
          variant="text"
          onClick={() => {
            onRead(n.id);
            link.current?.focus(); // the button goes; focus stays on this notification
          }}
          aria-label={`Gelezen: ${n.message}`}
          sx={{ minHeight: 44, minWidth: 44, flex: 'none', '&.Mui-focusVisible': focusRing }}
        >
          Gelezen
        </Button>
      )}
    </Box>
  );
}
