// A file of its own: the wizard's later steps (laterSteps.ts) must not be loaded yet when the page
// hydrates, as in the browser after a reload; Aanvraag.test.tsx loads them before its tests.
import { afterEach, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { mockFetch } from '../../test/fetchMock';
import Aanvraag from './Aanvraag';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

it('takes up a draft at a later step in one change, without a loading placeholder first', async () => {
  mockFetch();
  const app = () => (
    <RouterProvider router={createMemoryRouter([{ path: '/aanvraag', element: <Aanvraag /> }], { initialEntries: ['/aanvraag'] })} />
  );
  // The prerendered first step, and a draft of this tab at step 2 (a reload in the middle).
  const container = document.createElement('div');
  container.innerHTML = renderToString(app());
  sessionStorage.setItem('klusmaat-aanvraag-concept', JSON.stringify({ step: 2, data: { categorie: 'montage', beschrijving: 'Lamp ophangen' } }));
  document.body.append(container);

  // Every step heading and loading notice the page shows on the way.
  const shown: string[] = [];
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        for (const el of [node, ...node.querySelectorAll('h2, .wizard-step-loading')]) {
          if (el.matches('h2, .wizard-step-loading')) shown.push(el.textContent ?? '');
        }
      }
      if (record.type === 'characterData' && record.target.parentElement?.matches('h2')) shown.push(record.target.parentElement.textContent ?? '');
    }
  });
  observer.observe(container, { childList: true, subtree: true, characterData: true });

  await act(async () => {
    hydrateRoot(container, app());
  });
  await screen.findByLabelText('Wat moet er gebeuren?');
  observer.disconnect();

  expect(screen.getByRole('heading', { level: 2, name: /^Stap \d van 4/ }).textContent).toBe('Stap 2 van 4: Omschrijving');
  expect((screen.getByLabelText('Wat moet er gebeuren?') as HTMLTextAreaElement).value).toBe('Lamp ophangen');
  expect(shown.filter((text) => text.includes('wordt geladen'))).toEqual([]);
  container.remove();
});
