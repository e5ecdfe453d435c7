import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { configure } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { fact, renderKlusser } from '../shared/testKit';
import { BANKREKENING } from './uitbetalingApi';
import { answers, GEEN_REKENING, PATH, rekening, uitbetaling } from './testUitbetalingen';
import Verdiensten from './Verdiensten';

// The page asks three things at once and renders three sections: on a busy machine the first
// answers take longer than the default second.
beforeAll(() => {
  configure({ asyncUtilTimeout: 4000 });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const MSG_IBAN = 'Dit IBAN klopt niet. Controleer het nummer, bijvoorbeeld NL91 ABNA 0417 1643 00.';
const refused = (fields: Record<string, string>) => ({
  status: 400,
  body: { error: { code: 'invalid_bankrekening', message: 'Controleer de gemarkeerde velden.', fields } },
});
const section = async () => (await screen.findByRole('heading', { level: 2, name: 'Mijn bankrekening' })).closest('section')!;

describe('Mijn bankrekening on /klusser/verdiensten', () => {
  it('shows the IBAN masked until the klusser chooses to change it', async () => {
    renderKlusser(PATH, PATH, <Verdiensten />, answers([]));
    const s = await section();
    await within(s).findByText('Ten name van');
    // On screen the masked number; a screen reader hears words instead of eight stars.
    const masked = within(s).getByText('NL91 **** **** **** 4300');
    expect(masked.getAttribute('aria-hidden')).toBe('true');
    expect(masked.nextElementSibling?.textContent).toBe('NL91, eindigend op 4300');
    expect(fact(s, 'Ten name van')).toBe('P. Bakker');
    expect(s.textContent).not.toContain('0417');
    expect(within(s).queryByRole('textbox')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(s).getByRole('button', { name: 'Bankrekening wijzigen' }));
    const iban = within(s).getByLabelText('IBAN') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(iban));
    expect(iban.value).toBe('NL91 ABNA 0417 1643 00');
    expect((within(s).getByLabelText('Ten name van') as HTMLInputElement).value).toBe('P. Bakker');

    // 'Annuleren' goes back to the masked account, focus on the button that opened the form.
    await user.click(within(s).getByRole('button', { name: 'Annuleren' }));
    expect(within(s).queryByRole('textbox')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(s).getByRole('button', { name: 'Bankrekening wijzigen' })));
  });

  it("puts the server's message at the IBAN field and keeps what was typed; a correct IBAN is saved", async () => {
    const saved = rekening({ iban: 'NL02RABO0123456789', iban_gemaskeerd: 'NL02 **** **** **** 6789', rekeninghouder: 'P. Bakker' });
    const { mock } = renderKlusser(
      PATH,
      PATH,
      <Verdiensten />,
      answers([uitbetaling()], GEEN_REKENING, {
        [`PUT ${BANKREKENING}`]: [refused({ iban: MSG_IBAN }), { body: { data: saved, message: 'Bankrekening opgeslagen' } }],
      }),
    );
    const s = await section();
    const user = userEvent.setup();
    expect(await screen.findByText('IBAN ontbreekt.')).toBeTruthy();
    // Nothing saved yet: the form is open, empty, without 'Annuleren'.
    const iban = (await within(s).findByLabelText('IBAN')) as HTMLInputElement;
    const naam = within(s).getByLabelText('Ten name van') as HTMLInputElement;
    expect(iban.value).toBe('');
    expect(within(s).queryByRole('button', { name: 'Annuleren' })).toBeNull();

    await user.type(iban, 'NL91 ABNA 0417 1643 01');
    await user.type(naam, 'P. Bakker');
    await user.click(within(s).getByRole('button', { name: 'Bankrekening opslaan' }));

    // The message at the field, tied to it, focus on it; both fields keep their text.
    const message = await within(s).findByText(MSG_IBAN);
    expect(iban.getAttribute('aria-invalid')).toBe('true');
    expect(iban.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
    expect(iban.closest('.form-field')).toBe(message.closest('.form-field'));
    await waitFor(() => expect(document.activeElement).toBe(iban));
    expect(iban.value).toBe('NL91 ABNA 0417 1643 01');
    expect(naam.value).toBe('P. Bakker');
    expect(naam.getAttribute('aria-invalid')).toBeNull();
    expect(mock.callsTo(BANKREKENING, 'PUT')[0]?.body).toEqual({ iban: 'NL91 ABNA 0417 1643 01', rekeninghouder: 'P. Bakker' });
    expect(mock.callsTo(BANKREKENING, 'PUT')[0]?.headers.get('X-Klusmaat-CSRF')).toBe('1');

    // Typing again clears the message; a correct number is saved and shown masked.
    await user.clear(iban);
    expect(within(s).queryByText(MSG_IBAN)).toBeNull();
    await user.type(iban, 'NL02RABO0123456789');
    await user.click(within(s).getByRole('button', { name: 'Bankrekening opslaan' }));
    expect(await screen.findByText('Bankrekening opgeslagen')).toBeTruthy();
    await within(s).findByRole('button', { name: 'Bankrekening wijzigen' });
    expect(fact(s, 'IBAN')).toMatch(/^NL02 \*{4} \*{4} \*{4} 6789/);
    expect(screen.queryByText('IBAN ontbreekt.')).toBeNull();
    expect(mock.callsTo(BANKREKENING, 'PUT')[1]?.body).toEqual({ iban: 'NL02RABO0123456789', rekeninghouder: 'P. Bakker' });
    expect(mock.unexpected).toEqual([]);
  });

  it('puts a message for the name at its own field', async () => {
    renderKlusser(PATH, PATH, <Verdiensten />, answers([], GEEN_REKENING, {
      [`PUT ${BANKREKENING}`]: refused({ rekeninghouder: 'Vul de naam van de rekeninghouder in, zoals de bank die kent.' }),
    }));
    const s = await section();
    const user = userEvent.setup();
    await user.type(await within(s).findByLabelText('IBAN'), 'NL91ABNA0417164300');
    await user.click(within(s).getByRole('button', { name: 'Bankrekening opslaan' }));
    const naam = within(s).getByLabelText('Ten name van');
    await within(s).findByText('Vul de naam van de rekeninghouder in, zoals de bank die kent.');
    expect(naam.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(naam));
    expect((within(s).getByLabelText('IBAN') as HTMLInputElement).value).toBe('NL91ABNA0417164300');
  });

  it('keeps what was typed when the connection fails, and says so', async () => {
    renderKlusser(PATH, PATH, <Verdiensten />, answers([], GEEN_REKENING, { [`PUT ${BANKREKENING}`]: new TypeError('offline') }));
    const s = await section();
    const user = userEvent.setup();
    const iban = (await within(s).findByLabelText('IBAN')) as HTMLInputElement;
    await user.type(iban, 'NL91ABNA0417164300');
    await user.type(within(s).getByLabelText('Ten name van'), 'P. Bakker');
    await user.click(within(s).getByRole('button', { name: 'Bankrekening opslaan' }));
    const alert = await within(s).findByRole('alert');
    expect(alert.textContent).toBe('Je bankrekening is niet opgeslagen. Controleer je internetverbinding en probeer het opnieuw.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(iban.value).toBe('NL91ABNA0417164300');
    expect((within(s).getByLabelText('Ten name van') as HTMLInputElement).value).toBe('P. Bakker');
  });

  it('offers to try again when the account cannot be loaded, and then says nothing of a missing IBAN', async () => {
    renderKlusser(PATH, PATH, <Verdiensten />, answers([], [{ status: 500 }, { body: { data: rekening() } }]));
    const s = await section();
    expect(await within(s).findByText('Kon je bankrekening niet laden. Controleer je internetverbinding.')).toBeTruthy();
    expect(screen.queryByText('IBAN ontbreekt.')).toBeNull();
    await userEvent.setup().click(within(s).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await within(s).findByRole('button', { name: 'Bankrekening wijzigen' })).toBeTruthy();
  });
});
