import type { Category, ContactVoorkeur } from '../../../api/public';
import { RadioCards, type RadioCardOption } from '../../../components/RadioCards';
import { TextField } from '../../../components/TextField';
import { ID, type StepProps, type Towns } from './stepProps';
import { Samenvatting } from './Samenvatting';
import { WoonplaatsField } from './WoonplaatsField';

/** The contact fields that are plain text inputs. */
type TextFieldName = 'naam' | 'telefoon' | 'email' | 'adres' | 'postcode';

const CONTACT_OPTIONS: readonly RadioCardOption<ContactVoorkeur>[] = [
  { value: 'bellen', title: 'Bellen' },
  { value: 'whatsapp', title: 'WhatsApp' },
];

/** Step 4: the summary of the job, then who and where the visitor is and how to reach them. */
export function UwGegevens(props: StepProps & { categories: readonly Category[]; towns: Towns }) {
  const { data, update, errors, categories } = props;
  const { wiring } = errors;

  function fieldProps(f: TextFieldName) {
    return { ...wiring(f), value: data[f], onChange: (value: string) => update(f, value) };
  }

  return (
    <>
      <Samenvatting data={data} categories={categories} />
      <p className="form-hint">Alle velden zijn verplicht, behalve uw e-mailadres.</p>
      <TextField label="Naam" autoComplete="name" required {...fieldProps('naam')} />
      <TextField label="Telefoonnummer" type="tel" autoComplete="tel" required {...fieldProps('telefoon')} />
      <TextField
        label="E-mailadres (niet verplicht)"
        type="email"
        autoComplete="email"
        hint="Vult u uw e-mailadres in, dan ontvangt u een bevestiging per e-mail."
        {...fieldProps('email')}
      />
      <TextField label="Adres (straat en huisnummer)" autoComplete="address-line1" required {...fieldProps('adres')} />
      <TextField
        label="Postcode"
        autoComplete="postal-code"
        required
        className="form-input form-input-short"
        hint="Bijvoorbeeld 2271 AB"
        {...fieldProps('postcode')}
      />
      <WoonplaatsField {...props} />
      <RadioCards
        {...wiring('contact_voorkeur')}
        id={`${ID}-contact`}
        legend="Hoe wilt u dat wij contact opnemen?"
        row
        options={CONTACT_OPTIONS}
        value={data.contact_voorkeur}
        onChange={(value) => update('contact_voorkeur', value)}
      />
    </>
  );
}
