import { defaultTheme, type RaThemeOptions } from 'react-admin';

const focusRing = {
  outline: '3px solid #0f2d52',
  outlineOffset: 2,
};

/**
 * Console theme: the portal's calm blue, 18px base text, high contrast and
 * 44px minimum targets (many franchise owners are seniors themselves).
 * MUI's body1 is 16px x (fontSize / 14), so fontSize 15.75 gives 18px.
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#1d4e89', contrastText: '#ffffff' },
    secondary: { main: '#0f2d52', contrastText: '#ffffff' },
    text: { primary: '#1c2530', secondary: '#3f4b58' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
  },
  typography: {
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    fontSize: 15.75,
  },
  components: {
    ...defaultTheme.components,
    MuiCssBaseline: {
      styleOverrides: {
        body: { lineHeight: 1.5 },
      },
    },
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': focusRing },
      },
    },
    MuiButton: {
      styleOverrides: {
        root: { minHeight: 44, fontWeight: 700, '&.Mui-focusVisible': focusRing },
      },
    },
    MuiIconButton: {
      styleOverrides: {
        root: { minWidth: 44, minHeight: 44 },
      },
    },
    MuiMenuItem: {
      styleOverrides: {
        root: { minHeight: 44 },
      },
    },
    MuiLink: {
      styleOverrides: {
        root: { '&:focus-visible': focusRing },
      },
    },
  },
};
