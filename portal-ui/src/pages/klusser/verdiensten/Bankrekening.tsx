import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { showToast } from '@klusmaat/shared-ui/auth/toastStore';
import { useFieldErrors, useFocusAfterRender } from '../../../components/useFieldErrors';
import type { Loaded } from '../shared/useLoad';
import { LoadFailed, Loading } from '../shared/LoadState';
import { KT } from '../texts';
import { VT } from './texts';
import { BANK_IBAN_ID, BANK_SECTION_ID } from './Uitbetalingen';
import { uitbetalingApi, type Bankrekening as Account } from './uitbetalingApi';
import { gemaskeerdVoorgelezen, ibanInGroepen } from './uitbetalingFormat';
import '../../../styles/forms.css';

type Field = 'iban' | 'rekeninghouder';
const FIELDS: readonly Field[] = ['iban', 'rekeninghouder'];
const PREFIX = 'bankrekening';
const FLOW = { flow: 'bankrekening' } as const;
const TITLE_ID = 'bankrekening-titel';

/** The saved account, the IBAN masked: its start and last four characters. */
function Saved({ account, onChange }: { account: Account; onChange: () => void }) {
  return (
    <>
      {/* Each label above its value: the whole width for the number, on a phone too. */}
      <dl className="bankrekening-facts">
        <div>
          <dt>{VT.iban}</dt>
          <dd>
            <span aria-hidden="true" className="bankrekening-gemaskeerd">
              {account.iban_gemaskeerd}
            </span>
            <span className="visually-hidden">{gemaskeerdVoorgelezen(account.iban_gemaskeerd)}</span>
          </dd>
        </div>
        <div>
          <dt>{VT.tenNameVan}</dt>
          <dd>{account.rekeninghouder}</dd>
        </div>
      </dl>
      <p className="bankrekening-uitleg">{VT.gemaskeerdUitleg}</p>
      <button type="button" className="button button-secondary bankrekening-actie" onClick={onChange}>
        {VT.wijzigen}
      </button>
    </>
  );
}

interface FormProps {
  account: Account;
  onSaved: (account: Account, message: string) => void;
  onCancel: (() => void) | null;
}

/**
 * 'Mijn bankrekening' to fill in or change. The server checks the IBAN (mod 97, a SEPA country)
 * and the name; its Dutch messages are shown at their fields, and what was typed stays.
 */
function BankForm({ account, onSaved, onCancel }: FormProps) {
  // Changing starts from what is saved (the klusser may fix one digit); a first time is empty.
  const [iban, setIban] = useState(() => (account.ingevuld && account.iban !== null ? ibanInGroepen(account.iban) : ''));
  const [naam, setNaam] = useState(account.rekeninghouder);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const alertId = useId();
  const errors = useFieldErrors<Field>(PREFIX, alertId, null);
  const focusLater = useFocusAfterRender<'alert' | Field>((target) =>
    document.getElementById(target === 'alert' ? alertId : `${PREFIX}-${target}`),
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setProblem(null);
    errors.clearServerErrors();
    const result = await uitbetalingApi.saveBankrekening({ iban, rekeninghouder: naam });
    setSending(false);
    if (result.kind === 'ok') {
      onSaved(result.body.data, result.body.message || VT.opgeslagen);
      return;
    }
    if (result.kind === 'failed') {
      const fields = errors.showServerErrors(result.fields, FIELDS);
      if (fields[0] !== undefined) {
        focusLater(fields[0]);
        return;
      }
    }
    const message =
      result.kind === 'network'
        ? VT.saveFailed
        : result.status === 401
          ? KT.notSignedIn
          : result.status < 500 && result.message !== undefined
            ? `${VT.saveRefused} ${result.message}`
            : VT.saveFailed;
    setProblem(message);
    showToast(message, 'error', FLOW);
    focusLater('alert');
  };

  const field = (f: Field, label: string, hint: string, value: string, set: (v: string) => void, extra: InputHTMLAttributes<HTMLInputElement>) => {
    const id = `${PREFIX}-${f}`;
    const hintId = `${id}-hint`;
    return (
      <div className="form-field">
        <label className="form-label" htmlFor={id}>
          {label}
        </label>
        <p id={hintId} className="form-hint">
          {hint}
        </p>
        <input
          id={id}
          name={f}
          className="form-input"
          type="text"
          value={value}
          onChange={(e) => {
            set(e.target.value);
            errors.clearServerError(f);
          }}
          aria-invalid={errors.invalid(f)}
          aria-describedby={errors.describedBy(f, hintId)}
          {...extra}
        />
        {errors.fieldError(f)}
      </div>
    );
  };

  return (
    <form className="bankrekening-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={TITLE_ID}>
      {problem !== null && (
        <div id={alertId} className="form-alert" role="alert" tabIndex={-1}>
          <p>{problem}</p>
        </div>
      )}
      {field('iban', VT.iban, VT.ibanHint, iban, setIban, {
        autoComplete: 'off',
        autoCapitalize: 'characters',
        spellCheck: false,
        maxLength: 42,
      })}
      {field('rekeninghouder', VT.tenNameVan, VT.tenNameVanHint, naam, setNaam, { autoComplete: 'name', maxLength: 100 })}
      <div className="bankrekening-knoppen">
        <button type="submit" className="button button-primary" aria-disabled={sending || undefined}>
          {sending ? KT.busy : VT.opslaan}
        </button>
        {onCancel !== null && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {VT.annuleren}
          </button>
        )}
      </div>
    </form>
  );
}

interface BankrekeningProps {
  load: Loaded<{ data: Account }>;
  /** What a save returned, which replaces what was loaded. */
  saved: Account | null;
  onRetry: () => void;
  onSaved: (account: Account) => void;
}

/**
 * The section 'Mijn bankrekening' of 'Mijn Verdiensten' (D31): the account the klusser is paid
 * on, shown masked (private like the phone, D5) until the klusser chooses to change it.
 */
export function Bankrekening({ load, saved, onRetry, onSaved }: BankrekeningProps) {
  const [editing, setEditing] = useState(false);
  const focusLater = useFocusAfterRender<'title' | 'iban' | 'change'>((target) =>
    target === 'title'
      ? document.getElementById(TITLE_ID)
      : target === 'iban'
        ? document.getElementById(BANK_IBAN_ID)
        : document.querySelector<HTMLElement>(`#${BANK_SECTION_ID} .bankrekening-actie`),
  );
  const account = saved ?? (load.state === 'ok' ? load.body.data : null);

  return (
    <section id={BANK_SECTION_ID} className="klus-card bankrekening" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID} tabIndex={-1}>
        {VT.bankTitle}
      </h2>
      <p className="bankrekening-intro">{VT.bankIntro}</p>
      {account === null && load.state === 'loading' && <Loading />}
      {account === null && load.state === 'failed' && <LoadFailed message={VT.bankFailed} onRetry={onRetry} />}
      {account !== null &&
        (account.ingevuld && !editing ? (
          <Saved
            account={account}
            onChange={() => {
              setEditing(true);
              focusLater('iban');
            }}
          />
        ) : (
          <BankForm
            key={account.updated_at ?? 'nieuw'}
            account={account}
            onSaved={(next, message) => {
              onSaved(next);
              setEditing(false);
              showToast(message, 'success', FLOW);
              focusLater('title');
            }}
            onCancel={
              account.ingevuld
                ? () => {
                    setEditing(false);
                    focusLater('change');
                  }
                : null
            }
          />
        ))}
    </section>
  );
}
