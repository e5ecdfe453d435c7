import { CheckboxGroupInput, type CheckboxGroupInputProps, type SelectInputProps } from 'react-admin';
import { SelectInput } from '../fields/SelectInput';
import { useRegios } from './useRegios';

/** A region select (a list filter, a form field) offering the active regions by name. */
export function RegioSelectInput(props: Omit<SelectInputProps, 'choices'>) {
  const { choices, isPending } = useRegios();
  return <SelectInput {...props} choices={choices} isPending={isPending} />;
}

/** Region checkboxes (a klusser's regions) offering the active regions by name. */
export function RegioCheckboxGroupInput(props: Omit<CheckboxGroupInputProps, 'choices'>) {
  const { choices, isPending } = useRegios();
  return <CheckboxGroupInput {...props} choices={choices} isPending={isPending} />;
}
