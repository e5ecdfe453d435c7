import { aanmeldingActions } from '../aanmeldingen/actions';
import { afdrachtActions } from '../afdrachten/actions';
import { klantActions } from '../klanten/actions';
import { ASSIGNMENT_SCREENS, klusActions } from '../klussen/actions';
import { KLUSSER_SCREENS, klusserActions } from '../klussers/actions';
import { bankpostActions } from '../betalingen/actions';
import { factuurActions } from '../facturen/actions';
import { eigenaarActions } from '../franchise-eigenaren/actions';
import { exportActions } from '../rapportages/actions';
import { settingsActions } from '../settings/actions';
import { uitbetalingActions } from '../uitbetalingen/actions';

/**
 * Every custom action of the console, by name. The data provider turns each into a method
 * (dataProvider.assign(...)), and useAction(name) runs it; a name is unique across domains.
 */
export const ACTIONS = {
  ...klusActions,
  ...factuurActions,
  ...bankpostActions,
  ...uitbetalingActions,
  ...afdrachtActions,
  ...klusserActions,
  ...aanmeldingActions,
  ...klantActions,
  ...settingsActions,
  ...eigenaarActions,
  ...exportActions,
} as const;

export type Actions = typeof ACTIONS;
export type ActionName = keyof Actions;

/**
 * What react-admin's own create, update and delete of a resource change besides its lists and
 * records: the same screens as the custom actions that change it (a new job with a klusser opens
 * a work order; a deleted klusser leaves the candidates and the board). api/queryClient.ts reads
 * this after each such write, so no page has to remember it.
 */
export const WRITES_CHANGE: Readonly<Record<string, readonly string[]>> = {
  klussen: ASSIGNMENT_SCREENS,
  klussers: KLUSSER_SCREENS,
};
