import type { ActionAnswer } from './action';

/**
 * A custom action of the back-office API (assign a job, archive it, approve an aanmelding ...):
 * the request it makes, the toast's prefix when it fails, and the resources whose cached lists
 * and records it changes. The data provider gets one method per action (api/registry.ts), and
 * useAction invalidates exactly these resources after it ran, so that every page showing them
 * (a list, a record page, the dashboard) reads them again: the invalidation lives here, once,
 * and not in the pages.
 */
export interface ActionDef<P, T> {
  request: (params: P) => { path: string; method?: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown };
  /** The toast's text when it fails; per kind where the kinds have their own (a note, a call). */
  failure: string | ((params: P) => string);
  invalidates: readonly string[];
  /** Only a type carrier for the answer's data; never set. */
  readonly answer?: T;
}

export function defineAction<P, T = unknown>(def: ActionDef<P, T>): ActionDef<P, T> {
  return def;
}

/** The failure text of an action run with these parameters. */
export function failureOf<P>(def: ActionDef<P, unknown>, params: P): string {
  return typeof def.failure === 'function' ? def.failure(params) : def.failure;
}

export type ParamsOf<D> = D extends ActionDef<infer P, unknown> ? P : never;
// Read from the answer's carrier alone: matching the whole ActionDef<unknown, T> would fail on
// request, whose parameter is not unknown, and give never.
export type AnswerOf<D> = D extends { readonly answer?: infer T } ? ActionAnswer<T> : never;

/** Any action, for a domain's table of actions: `{...} satisfies Record<string, AnyAction>`. */
// never: a function of any parameter type is assignable to one that takes never.
export type AnyAction = ActionDef<never, unknown>;
