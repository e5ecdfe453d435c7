import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { HttpError, useDataProvider, useNotify } from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import { ActionError, errorFields, type ActionAnswer } from './action';
import { failureOf, type ActionDef, type AnswerOf, type ParamsOf } from './defineAction';
import { ACTIONS, type ActionName, type Actions } from './registry';

/**
 * Marks every cached list, record and read of these resources stale; the ones on screen are read
 * again at once. React-admin keys its queries by resource first ([resource, 'getList', ...]) and
 * useApiData/useApiState key theirs by the API path's first segment, so one prefix covers both.
 */
export function invalidate(queryClient: QueryClient, resources: readonly string[]): Promise<void> {
  return Promise.all(resources.map((resource) => queryClient.invalidateQueries({ queryKey: [resource] }))).then(() => undefined);
}

/**
 * The toast of a failed action: its failure text, then the server's reason (an ActionError of a
 * custom action, or the HttpError of react-admin's create, update and delete).
 */
export function actionFailure(e: unknown, failure: string): string {
  if (!(e instanceof ActionError || e instanceof HttpError) || e.message === '') return failure;
  return e.message.startsWith(failure) ? e.message : `${failure}: ${e.message}`;
}

/**
 * Runs the custom action `name` (api/registry.ts) through the data provider and then invalidates
 * the resources the action declares, whether it succeeded or not (a refusal such as 'al
 * toegewezen' means the screen was stale). mutateAsync throws the ActionError; run() instead
 * shows the toasts the console uses everywhere (the server's message, its warning instead when
 * there is one, or '<failure>: <reason>') and answers the API's answer or null.
 */
export function useAction<N extends ActionName>(name: N) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const def = ACTIONS[name];
  const mutation = useMutation<AnswerOf<Actions[N]>, Error, ParamsOf<Actions[N]>>({
    // The methods are built from ACTIONS by name, so the name's method takes the name's parameters.
    mutationFn: (params) =>
      (dataProvider[name] as unknown as (p: ParamsOf<Actions[N]>) => Promise<AnswerOf<Actions[N]>>)(params),
    // Not awaited: the toast and the buttons need not wait until every screen has been read again.
    onSettled: () => {
      void invalidate(queryClient, def.invalidates);
    },
  });
  const run = async (
    params: ParamsOf<Actions[N]>,
    /** success: the toast when the server says nothing; rethrow: after the error toast, throw (a form puts the field errors at its fields). */
    options: { success?: string; rethrow?: boolean } = {},
  ): Promise<AnswerOf<Actions[N]> | null> => {
    try {
      const answer = await mutation.mutateAsync(params);
      const { message, waarschuwing } = answer as ActionAnswer<unknown>;
      // The warning replaces the success message: e.g. the job is in the pool, but nobody was told.
      if (waarschuwing) notify(waarschuwing, { type: 'warning', autoHideDuration: 10_000 });
      else if (message || options.success) notify(message || options.success || '', { type: 'success' });
      return answer;
    } catch (e) {
      notify(actionFailure(e, failureOf(def as ActionDef<never, unknown>, params as never)), { type: 'error' });
      if (options.rethrow) throw e;
      return null;
    }
  };
  /**
   * run() for a react-admin Form's onSubmit: done(answer) after a success, and the refusal's field
   * errors as the answer of onSubmit, which puts them at their fields (undefined: none).
   */
  const submit = async (
    params: ParamsOf<Actions[N]>,
    done: (answer: AnswerOf<Actions[N]>) => void,
    options: { success?: string } = {},
  ): Promise<Record<string, string> | undefined> => {
    try {
      const answer = await run(params, { ...options, rethrow: true });
      if (answer !== null) done(answer);
      return undefined;
    } catch (e) {
      return errorFields(e);
    }
  };
  return { run, submit, mutateAsync: mutation.mutateAsync, isPending: mutation.isPending };
}
