import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { createFetchMock, type Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { createDataProvider } from '../dataProvider';
import { i18nProvider } from '../i18nProvider';
import { theme } from '../theme';
import { SchouwSection } from './SchouwSection';

const ID = '00000000-0000-4000-8000-000000000001';
const PATH = `/api/v1/klussen/${ID}/schouw`;
const planned = {
  klus_id: ID, start: '2026-11-26T09:30:00Z', opnemer: 'Kees de Opnemer', status: 'gepland', uitkomst: '', versie: 1,
  reden: '', geannuleerd_at: null as string | null, fotos: [] as { id: string; url: string }[],
};
const foto = (n: number) => ({ id: `00000000-0000-4000-8000-0000000000f${n}`, url: `/api/v1/schouw-fotos/00000000-0000-4000-8000-0000000000f${n}` });
const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'kast.png', { type: 'image/png' });

function start(routes: Record<string, Responder | Responder[]>, planbaar = true) {
  const mock = createFetchMock(routes);
  vi.stubGlobal('fetch', mock.fetchFn);
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={i18nProvider} dataProvider={createDataProvider()} theme={theme}>
        <SchouwSection klusId={ID} planbaar={planbaar} heeftEmail />
      </AdminContext>
    </MemoryRouter>,
  );
  return mock;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('SchouwSection (D26)', () => {
  it('plans a survey: checks the fields first, sends date, time and assessor, and shows the appointment', async () => {
    const mock = start({
      [`GET ${PATH}`]: { body: { data: null } },
      [`PUT ${PATH}`]: { body: { data: planned, message: 'Schouw ingepland' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Schouw plannen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schouw plannen' });
    expect(within(dialog).getByText('De klant krijgt een e-mail met de afspraak en de persoonlijke statuslink.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Tijd/), { target: { value: '21:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Plannen' }));
    expect(await within(dialog).findByText('Kies een datum vanaf vandaag.')).toBeTruthy();
    expect(within(dialog).getByText('Kies een tijd tussen 07:00 en 20:00.')).toBeTruthy();
    expect(within(dialog).getByText('Vul de naam in van wie de schouw doet.')).toBeTruthy();
    expect(mock.callsTo(PATH, 'PUT')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Datum/), { target: { value: '2026-11-26' } });
    fireEvent.change(within(dialog).getByLabelText(/Tijd/), { target: { value: '10:30' } });
    fireEvent.change(within(dialog).getByLabelText(/Wie doet de schouw/), { target: { value: 'Kees de Opnemer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Plannen' }));
    await waitFor(() => expect(mock.callsTo(PATH, 'PUT')).toHaveLength(1));
    expect(mock.callsTo(PATH, 'PUT')[0]?.body).toEqual({ datum: '2026-11-26', tijd: '10:30', opnemer: 'Kees de Opnemer' });
    // The section shows 'no survey yet' until the saved survey arrives, so wait for the new text.
    await waitFor(() => expect(screen.getByTestId('schouw').textContent).toContain('Kees de Opnemer'));
    expect(screen.getByRole('button', { name: 'Schouw wijzigen' })).toBeTruthy();
  });

  it('opens a change with the planned date and time in Amsterdam, and records the outcome', async () => {
    const mock = start({
      [`GET ${PATH}`]: { body: { data: planned } },
      [`POST ${PATH}/uitkomst`]: { body: { data: { ...planned, status: 'uitgevoerd', uitkomst: 'Twee planken.' }, message: 'Uitkomst van de schouw vastgelegd' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Schouw wijzigen' }));
    const change = await screen.findByRole('dialog', { name: 'Schouw wijzigen' });
    expect((within(change).getByLabelText(/Datum/) as HTMLInputElement).value).toBe('2026-11-26');
    expect((within(change).getByLabelText(/Tijd/) as HTMLInputElement).value).toBe('10:30');
    fireEvent.click(within(change).getByRole('button', { name: 'Annuleren' }));
    fireEvent.click(screen.getByRole('button', { name: 'Uitkomst vastleggen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uitkomst vastleggen' });
    fireEvent.change(within(dialog).getByLabelText(/Uitkomst/), { target: { value: 'Twee planken.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vastleggen' }));
    await waitFor(() => expect(mock.callsTo(`${PATH}/uitkomst`, 'POST')).toHaveLength(1));
    // The planned survey stays on screen until the recorded outcome replaces it.
    await waitFor(() => expect(screen.getByTestId('schouw').textContent).toContain('Twee planken.'));
    expect(screen.queryByRole('button', { name: 'Schouw wijzigen' })).toBeNull();
    // Photos usually come with the outcome: they can still be added.
    expect(screen.getByRole('button', { name: 'Foto toevoegen' })).toBeTruthy();
  });

  it("cancels a planned survey after 'Schouw annuleren?' with the reason, or keeps it with 'Terug' (D33)", async () => {
    const cancelled = { ...planned, status: 'geannuleerd', reden: 'De klant is ziek.', geannuleerd_at: '2026-11-25T08:00:00Z' };
    const mock = start({
      [`GET ${PATH}`]: { body: { data: planned } },
      [`POST ${PATH}/annuleren`]: { body: { data: cancelled, message: 'Schouw geannuleerd' } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Schouw annuleren' }));
    let dialog = await screen.findByRole('dialog', { name: 'Schouw annuleren?' });
    expect(dialog.textContent).toContain('De klant krijgt hiervan een e-mail.');
    expect(dialog.textContent).toContain('Kees de Opnemer');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Terug' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mock.callsTo(`${PATH}/annuleren`, 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Schouw annuleren' }));
    dialog = await screen.findByRole('dialog', { name: 'Schouw annuleren?' });
    fireEvent.change(within(dialog).getByLabelText(/Reden/), { target: { value: ' De klant is ziek. ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schouw annuleren' }));
    await waitFor(() => expect(mock.callsTo(`${PATH}/annuleren`, 'POST')).toHaveLength(1));
    expect(mock.callsTo(`${PATH}/annuleren`, 'POST')[0]?.body).toEqual({ reden: 'De klant is ziek.' });
    await waitFor(() => expect(screen.getByTestId('schouw').textContent).toContain('Geannuleerd'));
    expect(screen.getByTestId('schouw').textContent).toContain('Reden: De klant is ziek.');
    // The job is as before the survey: a new one can be planned; nothing else is offered.
    expect(screen.getByRole('button', { name: 'Schouw plannen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Uitkomst vastleggen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Schouw annuleren' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Foto toevoegen' })).toBeNull();
  });

  it("shows the survey's photos as thumbnails that open the full photo in a new tab", async () => {
    start({ [`GET ${PATH}`]: { body: { data: { ...planned, fotos: [foto(1), foto(2)] } } } });
    expect(await screen.findByRole('heading', { name: "Foto's van de schouw", level: 4 })).toBeTruthy();
    expect(screen.getAllByRole('img')).toHaveLength(2);
    expect(screen.getByRole('img', { name: 'Foto 1 van de schouw' }).getAttribute('src')).toBe(foto(1).url);
    expect(screen.getByRole('img', { name: 'Foto 2 van de schouw' }).getAttribute('src')).toBe(foto(2).url);
    const link = screen.getByRole('link', { name: 'Foto 2 van de schouw openen (nieuw tabblad)' });
    expect(link.getAttribute('href')).toBe(foto(2).url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Foto 1 van de schouw openen (nieuw tabblad)' }).getAttribute('href')).toBe(foto(1).url);
    expect(screen.queryByText("Nog geen foto's.")).toBeNull();
  });

  it('uploads a chosen photo as the multipart part file and shows it', async () => {
    const mock = start({
      [`GET ${PATH}`]: { body: { data: planned } },
      [`POST ${PATH}/fotos`]: { body: { data: { ...planned, fotos: [foto(1)] }, message: 'Foto toegevoegd' } },
    });
    expect(await screen.findByText("Nog geen foto's.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Foto toevoegen' })).toBeTruthy();
    const input = screen.getByLabelText('Foto van de schouw kiezen');
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    fireEvent.change(input, { target: { files: [png()] } });
    // While the photo goes up, the button waits and the status says so.
    expect((screen.getByRole('button', { name: 'Foto toevoegen' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Foto wordt geüpload…');
    await waitFor(() => expect(mock.callsTo(`${PATH}/fotos`, 'POST')).toHaveLength(1));
    const sent = mock.fetchFn.mock.calls.find(([url, init]) => url === `${PATH}/fotos` && init?.method === 'POST')?.[1]?.body;
    expect(sent).toBeInstanceOf(FormData);
    const file = (sent as FormData).get('file') as File;
    expect([file.name, file.type]).toEqual(['kast.png', 'image/png']);
    // The list shows 'no photos yet' until the answer with the new photo arrives.
    await waitFor(() => expect(screen.getByRole('img', { name: 'Foto 1 van de schouw' })).toBeTruthy());
    expect(screen.queryByText("Nog geen foto's.")).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByRole('button', { name: 'Foto toevoegen' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(mock.unexpected).toEqual([]);
  });

  it('refuses a PDF and a photo over 5 MB before sending anything', async () => {
    const mock = start({ [`GET ${PATH}`]: { body: { data: planned } } });
    const input = await screen.findByLabelText('Foto van de schouw kiezen');
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.7'], 'offerte.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Dit bestandstype is niet toegestaan. Kies een foto (JPG, PNG of WebP).'));
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'groot.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Bestand mag maximaal 5MB zijn'));
    expect(mock.callsTo(`${PATH}/fotos`)).toHaveLength(0);
  });

  it("shows the server's refusal of an 11th photo", async () => {
    const mock = start({
      [`GET ${PATH}`]: { body: { data: planned } },
      [`POST ${PATH}/fotos`]: { status: 409, body: { error: { code: 'too_many_photos', message: "Een schouw heeft hoogstens 10 foto's." } } },
    });
    fireEvent.change(await screen.findByLabelText('Foto van de schouw kiezen'), { target: { files: [png()] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain("Een schouw heeft hoogstens 10 foto's."));
    expect(mock.callsTo(`${PATH}/fotos`, 'POST')).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Foto toevoegen' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says the maximum is reached at ten photos instead of offering the upload', async () => {
    start({ [`GET ${PATH}`]: { body: { data: { ...planned, fotos: Array.from({ length: 10 }, (_, i) => foto(i)) } } } });
    expect(await screen.findByText("Het maximum van 10 foto's is bereikt.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Foto toevoegen' })).toBeNull();
    expect(screen.getAllByRole('img')).toHaveLength(10);
  });

  it('shows the photos of a planned survey on a job that is no longer open, without an upload', async () => {
    start({ [`GET ${PATH}`]: { body: { data: { ...planned, fotos: [foto(1)] } } } }, false);
    expect(await screen.findByRole('img', { name: 'Foto 1 van de schouw' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Foto toevoegen' })).toBeNull();
    expect(screen.queryByLabelText('Foto van de schouw kiezen')).toBeNull();
  });
});
