import { useEffect, useState } from 'react';
import { useNotify } from 'react-admin';
import { ActionError, callApi } from '../api/action';

/**
 * Loads a settings document from path and saves it back with PUT (both settings pages): the
 * loaded settings, the Dutch load error, the save error shown above the form, and save, which
 * turns the form's values into the body with toBody. 'Opgeslagen' on success; 'Fout bij opslaan'
 * with the server's message on failure (section 8), returning its field errors to the form so
 * nothing typed is lost.
 */
export function useSettings<T>(path: string, toBody: (values: Record<string, unknown>) => unknown) {
  const notify = useNotify();
  const [settings, setSettings] = useState<T | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    callApi<T>(path, { signal: controller.signal }, 'Fout bij laden van gegevens')
      .then((a) => setSettings(a.data))
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setLoadError(e instanceof Error ? e.message : 'Fout bij laden van gegevens');
      });
    return () => controller.abort();
  }, [path]);

  const save = async (values: Record<string, unknown>) => {
    setSaveError(null);
    try {
      const answer = await callApi<T>(path, { method: 'PUT', body: toBody(values) }, 'Fout bij opslaan');
      setSettings(answer.data);
      notify(answer.message || 'Opgeslagen', { type: 'success' });
      return undefined;
    } catch (e) {
      const message = e instanceof ActionError ? `Fout bij opslaan: ${e.message}` : 'Fout bij opslaan';
      setSaveError(message);
      notify(message, { type: 'error' });
      return e instanceof ActionError ? e.fields : undefined;
    }
  };

  return { settings, loadError, saveError, save };
}
