import type { AanvraagPayload, Town } from '../../../api/public';
import type { FieldErrors } from '../../../components/useFieldErrors';
import type { Field } from '../logic';

/** The id prefix of the wizard's fields (`aanvraag-naam`, ...) and the id of its alert. */
export const ID = 'aanvraag';
export const ALERT_ID = `${ID}-fout`;

/** The towns of the woonplaats field: the list, or where its load stands. */
export type Towns = Town[] | 'loading' | 'error';

/** What every step component gets: the answers, how to change one, and the fields' error wiring. */
export interface StepProps {
  data: AanvraagPayload;
  update: <K extends Field>(field: K, value: AanvraagPayload[K]) => void;
  errors: FieldErrors<Field>;
}
