import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFetchMock, flow, inputNode, KRATOS, me, uiText, type Responder } from '@klusmaat/shared-ui/test/authFixtures';
import { alertText, findAlertText, renderAuthPage } from '../test/renderAuthPage';
import PasswordRecovery from './PasswordRecovery';

const recoveryStart = flow('rec-1', [inputNode('email', 'code', { type: 'email' })], [], { state: 'choose_method' });
const recoverySent = flow('rec-1', [inputNode('code', 'code')], [uiText(1060003, 'info')], { state: 'sent_email' });
const settings = flow('set-1', [inputNode('password', 'password', { type: 'password' })], [], { state: 'show_form' });
const redirectToSettings = {
  status: 422,
  body: {
    error: { id: 'browser_location_change_required' },
    redirect_browser_to: 'http://localhost:8080/.ory/self-service/settings?flow=set-1',
  },
};

function setup(routes: Record<string, Responder | Responder[]>, path = '/wachtwoord-vergeten') {
  const mock = createFetchMock({
    [`GET ${KRATOS.recoveryBrowser}`]: { body: recoveryStart },
    [`GET ${KRATOS.settingsFlows}?id=set-1`]: { body: settings },
    [`GET ${KRATOS.me}`]: { body: me('klusser') },
    ...routes,
  });
  vi.stubGlobal('fetch', mock.fetchFn);
  renderAuthPage(path, '/wachtwoord-vergeten', <PasswordRecovery />);
  return { mock, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/wachtwoord-vergeten', () => {
  it('asks for the e-mail address first', async () => {
    const { mock, user } = setup({});
    await user.click(screen.getByRole('button', { name: 'Code versturen' }));
    expect(alertText()).toBe('Vul uw e-mailadres in.');
    expect(document.activeElement).toBe(screen.getByLabelText('E-mailadres'));
    expect(mock.calls).toHaveLength(0);
  });

  it('goes from e-mail to code to a new password, with the right requests', async () => {
    const { mock, user } = setup({
      [`POST ${KRATOS.recovery}`]: [
        { body: recoverySent },
        { body: flow('rec-1', [inputNode('code', 'code', {}, [uiText(4060006)])], [], { state: 'sent_email' }) },
        redirectToSettings,
      ],
      [`POST ${KRATOS.settings}`]: { body: flow('set-1', [], [uiText(1050001, 'success')], { state: 'success' }) },
    });

    await user.type(screen.getByLabelText('E-mailadres'), 'piet.bakker@klusmaat.nl');
    await user.click(screen.getByRole('button', { name: 'Code versturen' }));
    expect(await screen.findByRole('heading', { name: 'Stap 2: code uit de e-mail' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Stap 2: code uit de e-mail' }));

    await user.type(screen.getByLabelText('Code uit de e-mail'), '000000');
    await user.click(screen.getByRole('button', { name: 'Code controleren' }));
    expect(await findAlertText()).toBe('De code uit de e-mail is onjuist of verlopen. Vraag een nieuwe code aan.');

    await user.clear(screen.getByLabelText('Code uit de e-mail'));
    await user.type(screen.getByLabelText('Code uit de e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Code controleren' }));
    expect(await screen.findByRole('heading', { name: 'Stap 3: nieuw wachtwoord' })).toBeTruthy();

    await user.type(screen.getByLabelText('Nieuw wachtwoord'), 'lange zin als wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(await screen.findByRole('heading', { name: 'Uw wachtwoord is gewijzigd' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verder' }).getAttribute('href')).toBe('/klusser/dashboard');

    const posts = mock.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.query.get('flow'), c.body]);
    expect(posts).toEqual([
      ['/.ory/self-service/recovery', 'rec-1', { method: 'code', email: 'piet.bakker@klusmaat.nl', csrf_token: 'csrf-123' }],
      ['/.ory/self-service/recovery', 'rec-1', { method: 'code', code: '000000', csrf_token: 'csrf-123' }],
      ['/.ory/self-service/recovery', 'rec-1', { method: 'code', code: '123456', csrf_token: 'csrf-123' }],
      ['/.ory/self-service/settings', 'set-1', { method: 'password', password: 'lange zin als wachtwoord', csrf_token: 'csrf-123' }],
    ]);
    expect(mock.unexpected).toEqual([]);
  }, 15000);

  it('also follows a settings flow named in continue_with, and shows password rules in Dutch', async () => {
    const { user } = setup({
      [`POST ${KRATOS.recovery}`]: [
        { body: recoverySent },
        { body: { ...recoverySent, state: 'passed_challenge', continue_with: [{ action: 'show_settings_ui', flow: { id: 'set-1' } }] } },
      ],
      [`POST ${KRATOS.settings}`]: { status: 400, body: flow('set-1', [inputNode('password', 'password', {}, [uiText(4000034)])]) },
    });
    await user.type(screen.getByLabelText('E-mailadres'), 'a@b.nl');
    await user.click(screen.getByRole('button', { name: 'Code versturen' }));
    await user.type(await screen.findByLabelText('Code uit de e-mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Code controleren' }));
    await user.type(await screen.findByLabelText('Nieuw wachtwoord'), 'wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Wachtwoord opslaan' }));
    expect(await findAlertText()).toBe('Dit wachtwoord komt voor in bekende datalekken. Kies een ander wachtwoord.');
    expect(screen.getByLabelText('Nieuw wachtwoord').getAttribute('aria-invalid')).toBe('true');
  }, 15000);

  it('continues the flow from the link in the e-mail (?flow=...)', async () => {
    setup({ [`GET ${KRATOS.recoveryFlows}?id=rec-1`]: { body: recoverySent } }, '/wachtwoord-vergeten?flow=rec-1');
    expect(await screen.findByLabelText('Code uit de e-mail')).toBeTruthy();
  });
});
