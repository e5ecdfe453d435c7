import { FormControl } from '@mui/material';
import { styled } from '@mui/material/styles';

/** MUI 5's names that react-admin 5 still passes to its TextFields, each beside its slotProps twin. */
const MUI5_PROPS = new Set<PropertyKey>(['InputProps', 'inputProps', 'InputLabelProps']);

/**
 * The root of every TextField in the console (theme.ts, MuiTextField's slots.root): MUI's own root
 * (a FormControl named MuiTextField, so theme overrides of the root still apply) that does not pass
 * on MUI 5's InputProps, inputProps and InputLabelProps. react-admin 5's TextInput, SearchInput,
 * DateInput and NumberInput give MUI those next to the same values in slotProps (input, htmlInput,
 * inputLabel), which MUI 9 reads; MUI 9 no longer knows the old names and hands them to the root
 * <div>, where React warns about unknown DOM props. The console's own fields use slotProps.
 */
export const TextFieldRoot = styled(FormControl, {
  name: 'MuiTextField',
  slot: 'Root',
  shouldForwardProp: (prop) => !MUI5_PROPS.has(prop) && prop !== 'ownerState' && prop !== 'theme' && prop !== 'sx' && prop !== 'as',
})({});
