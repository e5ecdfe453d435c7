import AssessmentIcon from '@mui/icons-material/Assessment';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import DashboardIcon from '@mui/icons-material/Dashboard';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import DefaultIcon from '@mui/icons-material/ViewList';
import { Box, List, ListItem, ListItemButton, ListItemIcon, ListItemText, useMediaQuery, type Theme } from '@mui/material';
import { createElement, type ReactNode } from 'react';
import { useBasename, useCreatePath, useGetResourceLabel, useResourceDefinitions, useSidebarState } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { visuallyHidden } from '../a11y/ScreenReaderText';
import { useIsAdmin } from '../auth/useMe';

/**
 * A resource reached from another's page rather than from the menu (options.menu false), and the
 * menu item that stays marked on it: the payment files are the second part of 'Uitbetalingen'.
 */
const PART_OF: Readonly<Record<string, string>> = { betaalbatches: 'uitbetalingen' };

interface Item {
  to: string;
  label: ReactNode;
  icon: ReactNode;
}

/**
 * The console's side menu: a navigation landmark ('Hoofdmenu') with a plain list of links, the
 * page that is open marked with aria-current (issue 39 item 18: react-admin's own menu is a
 * role="menu" of menuitems outside any landmark, which a screen reader user does not expect of
 * site navigation). The items are the dashboard, the resources in their order with the planning
 * board after the jobs (D29), the reports for admins, the settings and security.
 */
export function ConsoleMenu() {
  const basename = useBasename();
  const admin = useIsAdmin();
  const resources = useResourceDefinitions();
  const createPath = useCreatePath();
  const label = useGetResourceLabel();
  const { pathname } = useLocation();
  const [open, setOpen] = useSidebarState();
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));

  const items: Item[] = [{ to: `${basename}/dashboard`, label: 'Dashboard', icon: <DashboardIcon /> }];
  for (const name of Object.keys(resources)) {
    const r = resources[name];
    if (!r?.hasList || (r.options as { menu?: boolean } | undefined)?.menu === false) continue;
    items.push({ to: createPath({ resource: name, type: 'list' }), label: label(name, 2), icon: r.icon ? createElement(r.icon) : <DefaultIcon /> });
    if (name === 'klussen') items.push({ to: `${basename}/planning`, label: 'Planning', icon: <CalendarMonthIcon /> });
  }
  if (basename === '/admin' && admin) items.push({ to: '/admin/rapportages', label: 'Rapportages', icon: <AssessmentIcon /> });
  items.push({ to: `${basename}/settings`, label: 'Instellingen', icon: <SettingsIcon /> });
  items.push({ to: `${basename}/beveiliging`, label: 'Beveiliging', icon: <SecurityIcon /> });

  const section = pathname.slice(basename.length + 1).split('/')[0] ?? '';
  const current = `${basename}/${PART_OF[section] ?? section}`;

  return (
    <Box
      component="nav"
      aria-label="Hoofdmenu"
      sx={{ width: open ? 240 : 55, transition: 'width 195ms', mt: { xs: 0, sm: 1 } }}
    >
      <List disablePadding>
        {items.map((item) => {
          const active = item.to === current;
          return (
            <ListItem key={item.to} disablePadding>
              <ListItemButton
                component={Link}
                to={item.to}
                state={{ _scrollToTop: true }}
                aria-current={active ? 'page' : undefined}
                selected={active}
                onClick={() => {
                  if (small) setOpen(false);
                }}
                sx={{
                  minHeight: 48,
                  color: active ? 'primary.main' : 'text.secondary',
                  fontWeight: active ? 700 : 400,
                  '&.Mui-selected': { bgcolor: 'rgba(29, 78, 137, 0.10)' },
                  '&.Mui-focusVisible': { outline: '3px solid #0f2d52', outlineOffset: -3 },
                }}
              >
                <ListItemIcon sx={{ minWidth: 40, color: 'inherit' }}>{item.icon}</ListItemIcon>
                <ListItemText
                  primary={item.label}
                  sx={open ? undefined : visuallyHidden}
                  slotProps={{ primary: { sx: { fontSize: '1.125rem', fontWeight: 'inherit' } } }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
