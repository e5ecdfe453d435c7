import { Typography } from '@mui/material';
import { AppBar, Layout, type LayoutProps } from 'react-admin';
import { LogoutButton } from '../auth/LogoutButton';
import { NotificationBell } from '../notifications/NotificationBell';
import { ConsoleMenu } from './ConsoleMenu';

/**
 * The console's frame for one area, titled `title` ("Klusmaat Beheer"): the app bar with that
 * name, the page title, the notifications bell (D33) and a logout button; the side menu
 * (ConsoleMenu). Neither the name nor the page title is a heading: each page has its own h1, and
 * react-admin's h6 before it broke the heading order (issue 39 item 18). On a phone neither shows:
 * they do not fit beside the bell and the button, and the page's h1 follows right below.
 */
export function makeLayout(title: string) {
  const ConsoleAppBar = () => (
    <AppBar userMenu={false}>
      <Typography component="span" variant="h6" sx={{ fontWeight: 700, mr: 2, whiteSpace: 'nowrap', display: { xs: 'none', sm: 'inline' } }}>
        {title}
      </Typography>
      {/* react-admin's TitlePortal, as a span: pages put their title here (its <Title>). */}
      <Typography
        component="span"
        variant="h6"
        color="inherit"
        id="react-admin-title"
        sx={{ flex: 1, textOverflow: 'ellipsis', whiteSpace: 'nowrap', overflow: 'hidden', visibility: { xs: 'hidden', sm: 'visible' } }}
      />
      <NotificationBell />
      <LogoutButton />
    </AppBar>
  );
  return function ConsoleLayout(props: LayoutProps) {
    // minWidth 0: a wide table scrolls inside its own box instead of widening the whole page.
    return <Layout {...props} appBar={ConsoleAppBar} menu={ConsoleMenu} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }} />;
  };
}
