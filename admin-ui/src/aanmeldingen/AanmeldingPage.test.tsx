import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { clearToasts } from '@klusmaat/shared-ui/auth/toastStore';
import type { Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { startConsole } from '../test/startConsole';
import { PASSWORD_CHARS } from './password';

const ID = '3f0c7a52-1111-4000-8000-000000000001';
const API = `/api/v1/aanmeldingen/${ID}`;
const PAGE = `/admin/klusser-aanmeldingen/${ID}`;

const ANNA = {
  id: ID,
  naam: 'Anna de Vries',
  leeftijd: 67,
  email: 'anna@example.nl',
  telefoon: '06 12345678',
  woonplaats: 'Delft',
  status: 'in_behandeling',
  created_at: '2026-11-19T09:30:00Z',
  adres: 'Markt 1',
  postcode: '2611 GP',
  heeft_vog: true,
  heeft_vervoer: false,
  motivatie: 'Ik help graag mensen.',
  ervaring: '30 jaar timmerman.',
  beschikbaarheid: ['Maandag ochtend', 'Woensdag middag'],
  notities: '',
  klusser_id: null as string | null,
  documenten: [
    { id: 'd1', aanmelding_id: ID, klusser_id: null, document_type: 'vog', file_name: 'vog-anna.pdf', content_type: 'application/pdf', file_size: 1572864, notes: '', url: '/api/v1/documenten/d1', created_at: '2026-11-20T10:00:00Z' },
  ],
  communicatie: [
    { id: 'c1', type: 'note', content: 'Eerste notitie', subject: null, recipient: null, created_at: '2026-11-19T10:00:00Z' },
    { id: 'c2', type: 'email', content: 'Welkom!', subject: 'Uw aanmelding', recipient: 'anna@example.nl', created_at: '2026-11-21T10:00:00Z' },
  ],
};

function start(api: Record<string, Responder | Responder[]> = {}, aanmelding: typeof ANNA = ANNA) {
  return startConsole(PAGE, { [`GET ${API}`]: { body: { data: aanmelding } }, ...api });
}

const openTab = async (name: string) => {
  fireEvent.click(await screen.findByRole('tab', { name }));
  return screen.getByRole('tabpanel');
};

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearToasts();
});

describe('the application page', () => {
  it('shows Aanmelding niet gevonden with a way back', async () => {
    start({ [`GET ${API}`]: { status: 404, body: { error: { code: 'not_found', message: 'Aanmelding niet gevonden' } } } });
    expect(await screen.findByRole('heading', { name: 'Aanmelding niet gevonden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terug naar aanmeldingen' }).getAttribute('href')).toBe('/admin/klusser-aanmeldingen');
  });

  it('has the header actions and every tab', async () => {
    start();
    expect(await screen.findByRole('heading', { name: 'Anna de Vries' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Telefoon' }).getAttribute('href')).toBe('tel:0612345678');
    expect(screen.getByRole('button', { name: 'WhatsApp' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terug naar aanmeldingen' })).toBeTruthy();

    const overzicht = screen.getByRole('tabpanel');
    const fact = (label: string) => within(overzicht).getByText(label).nextElementSibling?.textContent;
    expect(fact('VOG')).toBe('Aanwezig');
    expect(fact('Eigen vervoer')).toBe('Niet aanwezig');
    expect(within(overzicht).getByText('Ik help graag mensen.')).toBeTruthy();
    expect(within(overzicht).getByText('30 jaar timmerman.')).toBeTruthy();
    expect(within(overzicht).getByText('Woensdag middag')).toBeTruthy();

    const docs = await openTab('Documenten');
    const row = within(docs).getByText('vog-anna.pdf').closest('tr') as HTMLElement;
    expect(within(row).getByText('VOG')).toBeTruthy();
    expect(within(row).getByText('1,5 MB')).toBeTruthy();
    expect(within(row).getByRole('link', { name: /^Download/ }).getAttribute('href')).toBe('/api/v1/documenten/d1');
    expect(within(docs).getByLabelText('Soort document', { exact: false })).toBeTruthy();
    expect(within(docs).getByLabelText('Bestand')).toBeTruthy();

    const comm = await openTab('Communicatie');
    const items = within(within(comm).getByRole('list', { name: 'Tijdlijn van de communicatie' })).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining('Uw aanmelding'), expect.stringContaining('Eerste notitie')]);

    const review = await openTab('Beoordeling');
    expect(within(review).getByLabelText('Interne notities')).toBeTruthy();

    const stats = await openTab('Statistieken');
    expect(stats.textContent).toBe('Statistieken worden binnenkort toegevoegd');
  });

  it('refuses an empty note without a request', async () => {
    const mock = start();
    const comm = await openTab('Communicatie');
    fireEvent.click(within(comm).getByRole('button', { name: 'Notitie toevoegen' }));
    expect(await within(comm).findByText('Vul een notitie in')).toBeTruthy();
    expect(mock.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("says section 8's failure for a note the server could not store, and keeps the text", async () => {
    start({ [`POST ${API}/communicatie`]: { status: 500, body: { error: { code: 'internal', message: 'Er ging iets mis.' } } } });
    const comm = await openTab('Communicatie');
    fireEvent.change(within(comm).getByLabelText('Notitie'), { target: { value: 'Bellen om 10 uur' } });
    fireEvent.click(within(comm).getByRole('button', { name: 'Notitie toevoegen' }));
    expect(await screen.findByText('Fout bij toevoegen notitie: Er ging iets mis.')).toBeTruthy();
    expect((within(comm).getByLabelText('Notitie') as HTMLTextAreaElement).value).toBe('Bellen om 10 uur');
  });

  it('sends the e-mail form with subject and content, and keeps the text on a refusal', async () => {
    const mock = start({
      [`POST ${API}/communicatie`]: [
        { status: 400, body: { error: { code: 'invalid', message: 'Onderwerp te lang', fields: { subject: 'Onderwerp te lang' } } } },
        { status: 201, body: { data: { id: 'c3', type: 'email', content: 'Tot dan.', subject: 'Kennismaking', recipient: ANNA.email, created_at: '2026-11-22T10:00:00Z' }, message: 'Email verzonden' } },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Email' }));
    const comm = screen.getByRole('tabpanel');
    const onderwerp = within(comm).getByLabelText('Onderwerp');
    await waitFor(() => expect(document.activeElement).toBe(onderwerp));
    fireEvent.click(within(comm).getByRole('button', { name: 'E-mail versturen' }));
    expect((await within(comm).findAllByText('Vul onderwerp en inhoud in')).length).toBeGreaterThan(0);
    expect(mock.calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(onderwerp, { target: { value: 'Kennismaking' } });
    fireEvent.change(within(comm).getByLabelText('Inhoud'), { target: { value: 'Tot dan.' } });
    fireEvent.click(within(comm).getByRole('button', { name: 'E-mail versturen' }));
    expect(await within(comm).findByText('Onderwerp te lang')).toBeTruthy();
    expect((onderwerp as HTMLInputElement).value).toBe('Kennismaking');
    expect(mock.callsTo(`${API}/communicatie`, 'POST')[0]?.body).toEqual({ type: 'email', content: 'Tot dan.', subject: 'Kennismaking' });

    fireEvent.click(within(comm).getByRole('button', { name: 'E-mail versturen' }));
    expect(await screen.findByText('Email verzonden')).toBeTruthy();
    await waitFor(() => expect((onderwerp as HTMLInputElement).value).toBe(''));
  });

  it('logs a WhatsApp message first, then opens the returned address', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const mock = start({
      [`POST ${API}/communicatie`]: {
        status: 201,
        body: { data: { id: 'c4', type: 'whatsapp', content: 'Hallo Anna', subject: null, recipient: ANNA.telefoon, created_at: '2026-11-22T10:00:00Z' }, message: 'WhatsApp geopend', whatsapp_url: 'https://wa.me/31612345678?text=Hallo%20Anna' },
      },
    });
    let postsWhenOpened = -1;
    open.mockImplementation(() => {
      postsWhenOpened = mock.callsTo(`${API}/communicatie`, 'POST').length;
      return null;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'WhatsApp' }));
    const comm = screen.getByRole('tabpanel');
    await waitFor(() => expect(document.activeElement).toBe(within(comm).getByLabelText('Bericht')));
    fireEvent.click(within(comm).getByRole('button', { name: 'WhatsApp openen' }));
    expect(await within(comm).findByText('Vul een bericht in')).toBeTruthy();
    fireEvent.change(within(comm).getByLabelText('Bericht'), { target: { value: 'Hallo Anna' } });
    fireEvent.click(within(comm).getByRole('button', { name: 'WhatsApp openen' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://wa.me/31612345678?text=Hallo%20Anna', '_blank', 'noopener'));
    expect(postsWhenOpened).toBe(1);
    expect(mock.callsTo(`${API}/communicatie`, 'POST')[0]?.body).toEqual({ type: 'whatsapp', content: 'Hallo Anna' });
  });

  it('saves the review with status and notes; the account button comes with the saved goedgekeurd', async () => {
    const saved = { ...ANNA, status: 'goedgekeurd', notities: 'VOG gecontroleerd' };
    const mock = start({
      // The save invalidates the application, which is read again: the second answer is the saved one.
      [`GET ${API}`]: [{ body: { data: ANNA } }, { body: { data: saved } }],
      [`PUT ${API}/beoordeling`]: { body: { data: saved, message: 'Status bijgewerkt' } },
    });
    const review = await openTab('Beoordeling');
    expect(within(review).queryByRole('button', { name: 'Maak Klusser Account' })).toBeNull();
    fireEvent.mouseDown(within(review).getByRole('combobox', { name: /Status/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Goedgekeurd' }));
    // Chosen, not saved: no account yet.
    expect(within(review).queryByRole('button', { name: 'Maak Klusser Account' })).toBeNull();
    fireEvent.change(within(review).getByLabelText('Interne notities'), { target: { value: 'VOG gecontroleerd' } });
    fireEvent.click(within(review).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Status bijgewerkt')).toBeTruthy();
    expect(mock.callsTo(`${API}/beoordeling`, 'PUT')[0]?.body).toEqual({ status: 'goedgekeurd', notities: 'VOG gecontroleerd' });
    expect(await within(screen.getByRole('tabpanel')).findByRole('button', { name: 'Maak Klusser Account' })).toBeTruthy();
  });

  it('proposes a password and refuses the account without a VOG, without a request', async () => {
    const mock = start({}, { ...ANNA, status: 'goedgekeurd' });
    const review = await openTab('Beoordeling');
    fireEvent.click(within(review).getByRole('button', { name: 'Maak Klusser Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maak Klusser Account' });
    expect((within(dialog).getByLabelText('E-mailadres') as HTMLInputElement).value).toBe('anna@example.nl');
    const password = within(dialog).getByLabelText('Wachtwoord') as HTMLInputElement;
    const first = password.value;
    expect(first).toHaveLength(12);
    expect([...first].every((c) => PASSWORD_CHARS.includes(c))).toBe(true);
    expect(first).toMatch(/[!@#$%]/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nieuw wachtwoord' }));
    expect(password.value).toHaveLength(12);
    expect(password.value).not.toBe(first);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Account aanmaken' }));
    expect(await within(dialog).findByText('Selecteer minimaal één regio')).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Den Haag'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Account aanmaken' }));
    expect(await within(dialog).findByText('Upload een VOG document')).toBeTruthy();
    // react-admin's form validates again (asynchronously) once a region is chosen.
    await waitFor(() => expect(within(dialog).queryByText('Selecteer minimaal één regio')).toBeNull());
    expect(mock.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('uploads a document only with a file, and deletes one after the confirmation', async () => {
    const mock = start({
      [`POST ${API}/documenten`]: { status: 201, body: { ...ANNA.documenten[0], id: 'd2', file_name: 'id.png' } },
      'DELETE /api/v1/documenten/d1': { body: { id: 'd1' } },
    });
    const docs = await openTab('Documenten');
    fireEvent.click(within(docs).getByRole('button', { name: 'Uploaden' }));
    expect(await within(docs).findByText('Selecteer een bestand')).toBeTruthy();
    expect(mock.calls.some((c) => c.method === 'POST')).toBe(false);
    expect(within(docs).getByLabelText('Bestand').getAttribute('accept')).toBe('.pdf,.jpg,.jpeg,.png,.doc,.docx');
    fireEvent.change(within(docs).getByLabelText('Bestand'), { target: { files: [new File(['x'], 'id.png', { type: 'image/png' })] } });
    fireEvent.change(within(docs).getByLabelText('Notities'), { target: { value: 'Voorkant' } });
    fireEvent.click(within(docs).getByRole('button', { name: 'Uploaden' }));
    expect(await screen.findByText('Document geüpload')).toBeTruthy();
    const sent = mock.fetchFn.mock.calls.find(([url, init]) => url === `${API}/documenten` && init?.method === 'POST')?.[1]?.body as FormData;
    expect([sent.get('document_type'), sent.get('notes'), (sent.get('file') as File).name]).toEqual(['vog', 'Voorkant', 'id.png']);
    // The form starts again for the next document: no notes, no file chosen.
    await waitFor(() => expect((within(docs).getByLabelText('Notities') as HTMLTextAreaElement).value).toBe(''));
    expect(within(docs).getByText('Toegestaan: .pdf, .jpg, .jpeg, .png, .doc, .docx')).toBeTruthy();

    fireEvent.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Verwijderen vog-anna.pdf' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('Weet je zeker dat je dit document wilt verwijderen?');
    expect(mock.calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Document verwijderd')).toBeTruthy();
    expect(mock.callsTo('/api/v1/documenten/d1', 'DELETE')).toHaveLength(1);
  });

  it('shows a refused account with the server message and keeps what was typed', async () => {
    const mock = start({
      [`POST ${API}/account`]: { status: 409, body: { error: { code: 'exists', message: 'Dit e-mailadres heeft al een account', fields: { email: 'Dit e-mailadres heeft al een account' } } } },
    }, { ...ANNA, status: 'goedgekeurd' });
    const review = await openTab('Beoordeling');
    fireEvent.click(within(review).getByRole('button', { name: 'Maak Klusser Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maak Klusser Account' });
    fireEvent.change(within(dialog).getByLabelText('E-mailadres'), { target: { value: 'anna2@example.nl' } });
    // The regions are the form's choices, shown once react-admin's input has them.
    fireEvent.click(await within(dialog).findByLabelText('Rotterdam'));
    fireEvent.change(within(dialog).getByLabelText('VOG document'), { target: { files: [new File(['%PDF'], 'vog.pdf', { type: 'application/pdf' })] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Account aanmaken' }));
    expect((await within(dialog).findAllByText('Dit e-mailadres heeft al een account')).length).toBeGreaterThan(0);
    expect(mock.callsTo(`${API}/account`, 'POST')).toHaveLength(1);
    expect((within(dialog).getByLabelText('E-mailadres') as HTMLInputElement).value).toBe('anna2@example.nl');
    expect((within(dialog).getByLabelText('Rotterdam') as HTMLInputElement).checked).toBe(true);
  });

  it('creates the account with the VOG and then links to the klusser', async () => {
    const mock = start({
      [`GET ${API}`]: [{ body: { data: { ...ANNA, status: 'goedgekeurd' } } }, { body: { data: { ...ANNA, status: 'goedgekeurd', klusser_id: 'k-77' } } }],
      [`POST ${API}/account`]: { status: 201, body: { klusser_id: 'k-77', message: 'Klusser account succesvol aangemaakt!' } },
    });
    const review = await openTab('Beoordeling');
    fireEvent.click(within(review).getByRole('button', { name: 'Maak Klusser Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Maak Klusser Account' });
    fireEvent.click(await within(dialog).findByLabelText('Amsterdam'));
    fireEvent.click(within(dialog).getByLabelText('Utrecht'));
    const vog = new File(['%PDF'], 'vog.pdf', { type: 'application/pdf' });
    fireEvent.change(within(dialog).getByLabelText('VOG document'), { target: { files: [vog] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Account aanmaken' }));
    expect(await screen.findByText('Klusser account succesvol aangemaakt!')).toBeTruthy();
    const post = mock.callsTo(`${API}/account`, 'POST')[0];
    expect(post?.headers.get('X-Klusmaat-CSRF')).toBe('1');
    const sent = (mock.fetchFn.mock.calls.find(([url, init]) => url === `${API}/account` && init?.method === 'POST')?.[1]?.body) as FormData;
    expect(sent.get('email')).toBe('anna@example.nl');
    expect(sent.get('regio')).toBe('amsterdam,utrecht');
    expect(String(sent.get('password'))).toHaveLength(12);
    expect((sent.get('file') as File).name).toBe('vog.pdf');
    const link = await screen.findByRole('link', { name: 'Klusser bekijken' });
    expect(link.getAttribute('href')).toBe('/admin/klussers/k-77');
    expect(screen.getByText('Account aangemaakt')).toBeTruthy();
  });
});
