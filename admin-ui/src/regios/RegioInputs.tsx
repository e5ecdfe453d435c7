import type { SelectInputProps, Validator } from 'react-admin';
import { CheckboxGroupInput } from '../fields/CheckboxGroupInput';
import { SelectInput } from '../fields/SelectInput';
import { useRegios } from './useRegios';

/** A region select (a list filter, a form field) offering the active regions by name. */
export function RegioSelectInput(props: Omit<SelectInputProps, 'choices'>) {
  const { choices, isPending } = useRegios();
  return <SelectInput {...props} choices={choices} isPending={isPending} />;
}

/** Region checkboxes (a klusser's regions) offering the active regions by name. */
export function RegioCheckboxGroupInput({ source = 'regio', label = "Regio's", validate }: { source?: string; label?: string; validate?: Validator | Validator[] }) {
  const { choices } = useRegios();
  return <CheckboxGroupInput source={source} label={label} choices={choices} {...(validate ? { validate } : {})} />;
}
