import { uitgeverNaam, type Uitgever } from '../facturen/uitgevers';
import { SelectInput } from '../fields/SelectInput';

/** The money lists' filter on the business ('uitgever'): 'Alle bedrijven' or one of them. */
export function bedrijfFilter(label: string, bedrijven: readonly Uitgever[]) {
  return (
    <SelectInput
      key="uitgever"
      source="uitgever"
      label={label}
      alwaysOn
      emptyText="Alle bedrijven"
      choices={bedrijven.map((b) => ({ id: b.id, name: uitgeverNaam(b) }))}
      sx={{ minWidth: 260 }}
    />
  );
}
