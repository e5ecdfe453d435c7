import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearToasts, getToasts } from '@klusmaat/shared-ui/auth/toastStore';
import { formAlerts } from '../../../test/renderAuthPage';
import type { Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { API, fact, klus, renderKlusser } from '../shared/testKit';
import PlanKlus from './PlanKlus';

const PATTERN = '/klusser/plan-klus/:klusId';
const OPEN = klus({ status: 'open', datum: '2026-11-24', tijd: 'ochtend' });
const KLANT = { naam: 'Mevrouw Jansen', telefoon: '070 555 12 34', email: 'jansen@example.nl' };
// 09:30 on the Dutch wall clock (CET, UTC+1).
const PLANNED = klus({ status: 'ingepland', geplande_start_tijd: '2026-11-24T08:30:00Z', klant: KLANT });

function render(job: typeof OPEN, routes: Record<string, Responder | Responder[]> = {}, query = '') {
  return renderKlusser(`/klusser/plan-klus/${job.id}${query}`, PATTERN, <PlanKlus />, {
    [`GET ${API}/klussen/${job.id}`]: { body: job },
    [`PUT ${API}/klussen/${job.id}/planning`]: (call) => ({ body: { ...job, status: 'ingepland', _sent: call.body } }),
    ...routes,
  });
}

const day = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}`) });
const timeSelect = () => screen.getByRole('combobox', { name: 'Tijd' }) as HTMLSelectElement;
const warnings = () => (document.querySelector('.klusser-warnings')?.textContent ?? '').replace(/\s+/g, ' ');

beforeEach(() => {
  // Friday 20 November 2026, 11:00 in Amsterdam: whatever zone the test runs in (make test uses
  // Pacific/Kiritimati), the screen's today is the Dutch one.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToasts();
});

describe('/klusser/plan-klus/:klusId', () => {
  it('plans a claimed job on the wished day at the slot default, then shows the agenda', async () => {
    const { mock } = render(OPEN);
    const summary = await screen.findByRole('region', { name: OPEN.categorie.label });
    expect(screen.getByRole('heading', { level: 1, name: 'Klus inplannen' })).toBeTruthy();
    expect(fact(summary, 'Gewenste datum')).toBe('dinsdag 24 november 2026');
    expect(fact(summary, 'Gewenste tijd')).toBe('ochtend (8:00-12:00)');
    // Customer details only once the job is planned.
    expect(screen.queryByRole('heading', { name: 'Klantgegevens' })).toBeNull();
    // The calendar: Monday first, past days cannot be picked, the wished day is preselected.
    expect(screen.getAllByRole('columnheader')[0]?.textContent).toContain('maandag');
    expect(day('donderdag 19 november 2026').getAttribute('aria-disabled')).toBe('true');
    expect(day('vrijdag 20 november 2026').getAttribute('aria-disabled')).toBeNull();
    expect(day('dinsdag 24 november 2026').closest('td')?.getAttribute('aria-selected')).toBe('true');
    expect(timeSelect().value).toBe('09:00');
    const options = Array.from(timeSelect().options).map((o) => o.value).filter(Boolean);
    expect(options).toHaveLength(25);
    expect([options[0], options[1], options.at(-1)]).toEqual(['08:00', '08:30', '20:00']);
    expect(warnings()).toBe('');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Bevestig Planning' }));
    expect(await screen.findByRole('heading', { name: 'Pagina /klusser/agenda' })).toBeTruthy();
    const [put] = mock.callsTo(`${API}/klussen/${OPEN.id}/planning`, 'PUT');
    expect(put?.body).toEqual({ datum: '2026-11-24', tijd: '09:00' });
    expect(put?.headers.get('X-Klusmaat-CSRF')).toBe('1');
    expect(getToasts().map((t) => [t.message, t.kind])).toEqual([['Planning bevestigd! Klant ontvangt een email.', 'success']]);
  });

  it.each([
    ['middag', '13:00'],
    ['avond', '18:00'],
    ['10:30', '10:30'],
  ])('starts a wish of %s at %s', async (tijd, expected) => {
    render({ ...OPEN, tijd });
    await screen.findByRole('combobox', { name: 'Tijd' });
    expect(timeSelect().value).toBe(expected);
  });

  it('warns, without blocking, when the day or the time differs from the wish', async () => {
    const { mock } = render(OPEN);
    const user = userEvent.setup();
    await screen.findByRole('combobox', { name: 'Tijd' });
    await user.click(day('woensdag 25 november 2026'));
    expect(warnings()).toContain('De klant wil de klus graag op dinsdag 24 november 2026.');
    await user.selectOptions(timeSelect(), '14:30');
    expect(warnings()).toContain('De klant wil de klus graag in de ochtend (8:00-12:00).');
    expect(screen.getByText('Gekozen datum: woensdag 25 november 2026')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Bevestig Planning' }));
    await waitFor(() => expect(mock.callsTo(`${API}/klussen/${OPEN.id}/planning`, 'PUT')).toHaveLength(1));
    expect(mock.callsTo(`${API}/klussen/${OPEN.id}/planning`)[0]?.body).toEqual({ datum: '2026-11-25', tijd: '14:30' });
  });

  it("asks for a day and a time first: 'Selecteer eerst een datum en tijd'", async () => {
    // A wish in the past is not preselected.
    const { mock } = render({ ...OPEN, datum: '2026-11-10' });
    const user = userEvent.setup();
    await screen.findByRole('combobox', { name: 'Tijd' });
    await user.click(screen.getByRole('button', { name: 'Bevestig Planning' }));
    expect(formAlerts().map((a) => a.textContent)).toEqual(['Selecteer eerst een datum en tijd']);
    expect(document.activeElement).toBe(formAlerts()[0]);
    expect(mock.callsTo(`${API}/klussen/${OPEN.id}/planning`)).toHaveLength(0);
    // Picking a past day does nothing.
    await user.click(day('donderdag 19 november 2026'));
    expect(screen.getByText('Nog geen datum gekozen')).toBeTruthy();
  });

  it("shows the server's field message at the field", async () => {
    const invalid = { status: 400, body: { error: { code: 'invalid', message: 'x', fields: { tijd: 'Kies een tijd tussen 08:00 en 20:00, per half uur.' } } } };
    render(OPEN, { [`PUT ${API}/klussen/${OPEN.id}/planning`]: invalid });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Bevestig Planning' }));
    expect(await screen.findByText('Kies een tijd tussen 08:00 en 20:00, per half uur.')).toBeTruthy();
    expect(timeSelect().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(timeSelect());
  });

  it("says 'Er ging iets mis bij het bevestigen van de planning' when the server fails", async () => {
    render(OPEN, { [`PUT ${API}/klussen/${OPEN.id}/planning`]: { status: 500 } });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Bevestig Planning' }));
    await waitFor(() => expect(getToasts().map((t) => [t.message, t.kind])).toEqual([['Er ging iets mis bij het bevestigen van de planning', 'error']]));
    expect(screen.getByRole('heading', { level: 1, name: 'Klus inplannen' })).toBeTruthy();
  });

  it("changes an appointment after 'Afspraak wijzigen?', starting from the planned day and time", async () => {
    const { mock } = render(PLANNED, {}, '?wijzig=true');
    expect(await screen.findByRole('heading', { level: 1, name: 'Afspraak wijzigen' })).toBeTruthy();
    const customer = screen.getByRole('region', { name: 'Klantgegevens' });
    expect(within(customer).getByRole('link', { name: '070 555 12 34' }).getAttribute('href')).toBe('tel:0705551234');
    expect(fact(screen.getByRole('region', { name: PLANNED.categorie.label }), 'Huidige afspraak')).toBe('dinsdag 24 november 2026 om 09:30');
    expect(timeSelect().value).toBe('09:30');
    expect(screen.getByText('Wijzigingen: 0 / 2')).toBeTruthy();
    const user = userEvent.setup();
    await user.selectOptions(timeSelect(), '11:00');
    await user.click(screen.getByRole('button', { name: 'Bevestig Wijziging' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afspraak wijzigen?' });
    expect(within(dialog).getByText('De nieuwe afspraak is op dinsdag 24 november 2026 om 11:00. De klant ontvangt een email.')).toBeTruthy();
    expect(within(dialog).queryByText(/laatste wijziging/)).toBeNull();
    expect(mock.callsTo(`${API}/klussen/${PLANNED.id}/planning`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, wijzigen' }));
    expect(await screen.findByRole('heading', { name: 'Pagina /klusser/agenda' })).toBeTruthy();
    expect(mock.callsTo(`${API}/klussen/${PLANNED.id}/planning`, 'PUT')[0]?.body).toEqual({ datum: '2026-11-24', tijd: '11:00' });
    expect(getToasts().map((t) => t.message)).toEqual(['Afspraak gewijzigd! Klant ontvangt een email.']);
  });

  it('warns in the confirmation that the second change is the last, and can be cancelled', async () => {
    const { mock } = render({ ...PLANNED, planning_changes_count: 1 }, {}, '?wijzig=true');
    const user = userEvent.setup();
    expect(await screen.findByText('Wijzigingen: 1 / 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Bevestig Wijziging' }));
    const dialog = await screen.findByRole('dialog', { name: 'Afspraak wijzigen?' });
    expect(within(dialog).getByText('Let op: dit is je laatste wijziging. Daarna kun je deze afspraak niet meer wijzigen.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mock.callsTo(`${API}/klussen/${PLANNED.id}/planning`)).toHaveLength(0);
  });

  it("refuses a third change: 'Maximum aantal wijzigingen (2x) bereikt' and the button disabled", async () => {
    const { mock } = render({ ...PLANNED, planning_changes_count: 2 }, {}, '?wijzig=true');
    expect(await screen.findByText('Wijzigingen: 2 / 2')).toBeTruthy();
    expect(formAlerts().map((a) => a.textContent)).toEqual(['Maximum aantal wijzigingen (2x) bereikt']);
    const button = screen.getByRole('button', { name: 'Bevestig Wijziging' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await userEvent.setup().click(button);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mock.callsTo(`${API}/klussen/${PLANNED.id}/planning`)).toHaveLength(0);
  });

  it("disables the button when the server says the two changes were already used", async () => {
    const max = { status: 409, body: { error: { code: 'max_changes', message: 'Maximum aantal wijzigingen (2x) bereikt' } } };
    render({ ...PLANNED, planning_changes_count: 1 }, { [`PUT ${API}/klussen/${PLANNED.id}/planning`]: max }, '?wijzig=true');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Bevestig Wijziging' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, wijzigen' }));
    expect(await screen.findByText('Wijzigingen: 2 / 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bevestig Wijziging' }).getAttribute('aria-disabled')).toBe('true');
    expect(formAlerts().map((a) => a.textContent)).toContain('Maximum aantal wijzigingen (2x) bereikt');
  });

  it("shows 'Klus niet gevonden' for a job that is not the klusser's", async () => {
    render(OPEN, { [`GET ${API}/klussen/${OPEN.id}`]: { status: 404, body: { error: { code: 'not_found', message: 'Klus niet gevonden' } } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Klus niet gevonden' })).toBeTruthy();
    const back = screen.getByRole('link', { name: 'Naar Mijn Agenda' });
    expect(back.getAttribute('href')).toBe('/klusser/agenda');
    // A button-sized target (48 px high), not a line of text (WCAG 2.5.8).
    expect(back.className).toBe('button button-secondary');
  });

  it("says 'Kon klus niet laden' when the job cannot be loaded", async () => {
    render(OPEN, { [`GET ${API}/klussen/${OPEN.id}`]: { status: 500 } });
    expect(await screen.findByText('Kon klus niet laden')).toBeTruthy();
  });

  it('offers no planning for a finished job', async () => {
    render({ ...PLANNED, status: 'afgerond' });
    expect(await screen.findByText('Deze klus is al afgerond.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Bevestig/ })).toBeNull();
  });
  it('shows the fixed price of an accepted quote instead of the estimate (D26)', async () => {
    render({ ...OPEN, vaste_prijs_cents: 21236 });
    const summary = await screen.findByRole('region', { name: OPEN.categorie.label });
    expect(fact(summary, 'Klant betaalt')).toBe('€ 212,36 (vaste prijs, incl. btw)');
    expect(fact(summary, 'Jouw verdienste')).toBe('€ 35 per gewerkt uur');
    expect(within(summary).queryByText('Geschatte verdienste')).toBeNull();
    expect(within(summary).queryByText('Geschatte duur')).toBeNull();
  });
});
