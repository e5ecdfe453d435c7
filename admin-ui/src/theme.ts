import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { TextFieldRoot } from './fields/TextFieldRoot';

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
    // Darker than MUI's red, so that error labels keep 4.5:1 also on the grey of filled fields.
    error: { main: '#b3261e', contrastText: '#ffffff' },
    // Warning, success and info buttons and text on white: dark enough for 4.5:1 as well.
    warning: { main: '#a84300', contrastText: '#ffffff' },
    success: { main: '#046c4e', contrastText: '#ffffff' },
    info: { main: '#0b5394', contrastText: '#ffffff' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
  },
  typography: {
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
    fontSize: 15.75,
    // Buttons and secondary text (alerts, menus) at 18px too, not MUI's 14px-based sizes.
    button: { fontSize: '1.125rem', textTransform: 'none' },
    body2: { fontSize: '1.125rem' },
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
        root: { minHeight: 44, fontWeight: 700, fontSize: '1.125rem', '&.Mui-focusVisible': focusRing },
        sizeSmall: { fontSize: '1.125rem' },
        sizeLarge: { fontSize: '1.125rem' },
      },
    },
    MuiIconButton: {
      styleOverrides: {
        root: { minWidth: 44, minHeight: 44 },
      },
    },
    // MUI lowers the menu item height to "auto" from the sm breakpoint on; keep 44px everywhere.
    MuiMenuItem: {
      styleOverrides: {
        root: { minHeight: 44, '@media (min-width: 0px)': { minHeight: 44 } },
      },
    },
    RaMenuItemLink: {
      styleOverrides: {
        root: { minHeight: 44, '@media (min-width: 0px)': { minHeight: 44 } },
      },
    },
    // react-admin 5's inputs still pass MUI 5's InputProps and the like; this root drops them.
    MuiTextField: {
      defaultProps: { slots: { root: TextFieldRoot } },
    },
    // A group of radio buttons says what it asks as large as the text around it, not in
    // react-admin's small grey label ('Hoe had je contact?', 'Arbeid'); each choice is 44 px high.
    RaRadioButtonGroupInput: {
      styleOverrides: {
        root: {
          '& .RaRadioButtonGroupInput-label': { fontSize: '1.125rem', fontWeight: 700, color: 'rgba(0, 0, 0, 0.87)' },
          '& .MuiFormControlLabel-root': { minHeight: 44, marginRight: 24 },
        },
      },
    },
    // A dialog whose title, content and actions sit in a react-admin <Form> keeps MUI's layout:
    // the content scrolls between the title and the buttons, so 'Opslaan' stays in view.
    MuiDialog: {
      styleOverrides: {
        paper: { '& > form': { display: 'flex', flexDirection: 'column', minHeight: 0, flex: '1 1 auto' } },
      },
    },
    MuiCircularProgress: {
      // react-admin's loading indicator has no label of its own; spinners next to a text hide it with aria-hidden.
      defaultProps: { 'aria-label': 'Bezig met laden' },
    },
    MuiPagination: {
      // MUI names the pager's landmark 'pagination navigation'; screen readers read it in Dutch.
      defaultProps: { 'aria-label': 'Paginanavigatie' },
    },
    MuiLink: {
      styleOverrides: {
        root: { '&:focus-visible': focusRing },
      },
    },
  },
};
