import { useState } from 'react';
import { useNotify } from 'react-admin';
import { ActionError, type ActionAnswer } from '../api/action';
import { useAction } from '../api/useAction';
import { useApiState } from '../api/useApiState';

/**
 * Loads a settings document from path (on the console's query cache) and saves it back with the
 * action `saveAction` (both settings pages): the loaded settings, the Dutch load error, the save
 * error shown above the form, and save, which turns the form's values into the body with toBody.
 * 'Opgeslagen' on success; 'Fout bij opslaan' with the server's message on failure (section 8),
 * returning its field errors to the form so nothing typed is lost. The save invalidates the
 * document, which is read again.
 */
export function useSettings<T>(
  path: string,
  saveAction: 'saveAlgemeneSettings' | 'saveRegioSettings',
  toBody: (values: Record<string, unknown>) => unknown,
) {
  const notify = useNotify();
  const { state } = useApiState<T>(path, 'Fout bij laden van gegevens');
  const action = useAction(saveAction);
  const [saveError, setSaveError] = useState<string | null>(null);

  const save = async (values: Record<string, unknown>) => {
    setSaveError(null);
    try {
      const answer: ActionAnswer<unknown> = await action.mutateAsync({ body: toBody(values) });
      notify(answer.message || 'Opgeslagen', { type: 'success' });
      return undefined;
    } catch (e) {
      const message = e instanceof ActionError ? `Fout bij opslaan: ${e.message}` : 'Fout bij opslaan';
      setSaveError(message);
      notify(message, { type: 'error' });
      return e instanceof ActionError ? e.fields : undefined;
    }
  };

  return {
    settings: state.kind === 'ok' ? state.data : null,
    loadError: state.kind === 'error' ? state.message : null,
    saveError,
    save,
  };
}
