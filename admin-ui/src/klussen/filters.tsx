import { TextInput } from 'react-admin';
import { SelectInput } from '../fields/SelectInput';
import { choiceFilter, searchFilter } from '../lists/filters';
import { STATUS_CHOICES } from './status';

/**
 * The filters of the jobs lists, the admin's (/admin/klussen) and the franchise owner's
 * (/franchise/klussen): search, status, and under 'Filters toevoegen' the town and the customers
 * not called back in time. The admin's list adds region and archive between them.
 */
export const KLUS_FILTERS = {
  zoeken: searchFilter('Zoeken (omschrijving, adres of e-mail)'),
  status: <SelectInput key="status" source="status" label="Status" choices={STATUS_CHOICES} alwaysOn emptyText="Alle statussen" />,
  woonplaats: <TextInput key="woonplaats" source="woonplaats" label="Woonplaats" />,
  terugbellen: choiceFilter('terugbellen', 'Terugbellen', 'Alle klussen', [['te_laat', 'Nog niet teruggebeld (na 24 uur)']], { hidden: true }),
};
