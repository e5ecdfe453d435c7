import { FormDataConsumer, TextInput, type TextInputProps } from 'react-admin';

/** A text field with the count of its characters under it ('12 / 1000 tekens'), after the hint if there is one. */
export function CountedTextInput({ source, max, hint = '', ...input }: Omit<TextInputProps, 'helperText'> & { source: string; max: number; hint?: string }) {
  return (
    <FormDataConsumer<Record<string, string | undefined>>>
      {({ formData }) => <TextInput source={source} {...input} helperText={`${hint}${(formData[source] ?? '').length} / ${max} tekens`} />}
    </FormDataConsumer>
  );
}
