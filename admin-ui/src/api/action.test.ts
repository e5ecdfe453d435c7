// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActionError, callApi, failureText } from './action';

afterEach(() => vi.unstubAllGlobals());

/** A fetch whose answer arrives, and whose body is cut off by abort while it is being read. */
function answerThenAbortWhileReading(controller: AbortController) {
  vi.stubGlobal('fetch', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"data": {"aan'));
        // The rest never comes: the caller leaves (its filter changed) and aborts.
        controller.abort();
        c.error(new DOMException('The operation was aborted.', 'AbortError'));
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
}

describe('callApi', () => {
  it('returns data and the message of a success', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ data: { aantal: 3 }, message: 'Klaar' }));
    const answer = await callApi<{ aantal: number }>('/api/v1/facturen/totalen');
    expect(answer.data).toEqual({ aantal: 3 });
    expect(answer.message).toBe('Klaar');
  });

  // The race behind a console page that fell over with "Er ging iets mis": the count cards' request
  // was aborted while its body was read, callApi answered a success without data, and the cards
  // read a field of undefined.
  it('rejects when aborted while the body is read, instead of answering a success without data', async () => {
    const controller = new AbortController();
    answerThenAbortWhileReading(controller);
    await expect(callApi('/api/v1/klussers/totalen', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('turns a refusal into an ActionError with the server message and field errors', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: { code: 'invalid', message: 'Vul een geldige datum in.', fields: { datum: 'Vul een geldige datum in.' } } }, { status: 400 }),
    );
    const error = await callApi('/api/v1/x', { method: 'POST', body: {} }, 'Fout bij opslaan').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ActionError);
    expect(error).toMatchObject({ status: 400, code: 'invalid', message: 'Vul een geldige datum in.', fields: { datum: 'Vul een geldige datum in.' } });
  });

  it('says there is no connection when the request does not reach the server', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(callApi('/api/v1/x', {}, 'Fout bij laden')).rejects.toThrow('Fout bij laden: geen verbinding met de server');
  });
});

describe('failureText', () => {
  it('says a refusal in the server words, and a server error as the action message of section 8 with the reason', () => {
    expect(failureText(new ActionError('Bestand mag maximaal 5MB zijn', 413), 'Fout bij uploaden foto')).toBe('Bestand mag maximaal 5MB zijn');
    expect(failureText(new ActionError('Er ging iets mis. Probeer het opnieuw.', 500), 'Fout bij uploaden foto')).toBe(
      'Fout bij uploaden foto: Er ging iets mis. Probeer het opnieuw.',
    );
    expect(failureText(new ActionError('Fout bij uploaden foto: geen verbinding met de server', 0), 'Fout bij uploaden foto')).toBe(
      'Fout bij uploaden foto: geen verbinding met de server',
    );
    expect(failureText(undefined, 'Fout bij bijwerken status')).toBe('Fout bij bijwerken status');
  });
});
