import { TextInput } from 'react-admin';
import { SelectInput } from '../fields/SelectInput';

/** A list's search field ('q'), always shown, with a button to empty it. */
export function searchFilter(label: string, minWidth = 320) {
  return <TextInput key="q" source="q" label={label} alwaysOn resettable sx={{ minWidth }} />;
}

/**
 * A list filter that chooses one of a few fixed values ([id, what the user reads]); emptyText is
 * what the empty choice shows ('Alle'). Shown beside the search unless hidden (then under
 * 'Filters toevoegen').
 */
export function choiceFilter(source: string, label: string, emptyText: string, choices: readonly (readonly [string, string])[], { hidden = false } = {}) {
  return (
    <SelectInput
      key={source}
      source={source}
      label={label}
      alwaysOn={!hidden}
      emptyText={emptyText}
      choices={choices.map(([id, name]) => ({ id, name }))}
    />
  );
}
