import { TextField } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../theme';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A TextField as react-admin 5's inputs render one: MUI 5's props beside their slotProps twins. */
function Ra5Field() {
  const mui5 = {
    InputProps: { readOnly: false },
    // Dropped by the root: the input's step is slotProps' 5, not this 3.
    inputProps: { step: 3 },
    InputLabelProps: { shrink: true },
  };
  return (
    <TextField
      label="Zoeken"
      {...mui5}
      slotProps={{ input: { endAdornment: <span>zoek</span> }, htmlInput: { step: 5 }, inputLabel: { shrink: true } }}
    />
  );
}

describe("the console's TextField root", () => {
  it('keeps react-admin 5 from putting MUI 5 props on the DOM, and slotProps still apply', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = render(
      <ThemeProvider theme={createTheme(theme)}>
        <Ra5Field />
      </ThemeProvider>,
    );
    expect(errors.mock.calls.map((args) => String(args[0])).filter((m) => m.includes('does not recognize'))).toEqual([]);
    const root = container.querySelector('.MuiTextField-root');
    expect(root).not.toBeNull();
    // HTML attribute names are case-insensitive: inputprops covers InputProps and inputProps.
    for (const name of ['inputprops', 'inputlabelprops']) expect(root?.hasAttribute(name)).toBe(false);
    expect(screen.getByText('zoek')).toBeTruthy();
    expect(screen.getByLabelText('Zoeken').getAttribute('step')).toBe('5');
  });
});
