import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while a prerendered page is still static HTML (and during its hydration), true once React
 * runs it. Forms on prerendered pages keep their submit button disabled until then, so that a
 * click before the JavaScript arrives cannot submit the form natively (a GET with the person's
 * details in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
