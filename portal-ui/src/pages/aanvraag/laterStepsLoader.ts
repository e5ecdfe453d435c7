/** Steps 2 to 4 of the wizard (./laterSteps.ts), a chunk of their own, loaded once. */
export type LaterSteps = typeof import('./laterSteps');

let loaded: LaterSteps | undefined;
let loading: Promise<LaterSteps> | undefined;

/** Loads steps 2 to 4 (once; a failed load, a lost connection, is tried again on the next call). */
export function loadLaterSteps(): Promise<LaterSteps> {
  loading ??= import('./laterSteps').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Steps 2 to 4 when they are loaded, else undefined. */
export function loadedLaterSteps(): LaterSteps | undefined {
  return loaded;
}
