import { aanmeldingActions } from '../aanmeldingen/actions';
import { klantActions } from '../klanten/actions';
import { klusActions } from '../klussen/actions';
import { klusserActions } from '../klussers/actions';
import { factuurActions } from '../facturen/actions';
import { eigenaarActions } from '../franchise-eigenaren/actions';
import { exportActions } from '../rapportages/actions';
import { settingsActions } from '../settings/actions';
import { werkbonActions } from '../werkbonnen/actions';

/**
 * Every custom action of the console, by name. The data provider turns each into a method
 * (dataProvider.assign(...)), and useAction(name) runs it; a name is unique across domains.
 */
export const ACTIONS = {
  ...klusActions,
  ...werkbonActions,
  ...factuurActions,
  ...klusserActions,
  ...aanmeldingActions,
  ...klantActions,
  ...settingsActions,
  ...eigenaarActions,
  ...exportActions,
} as const;

export type Actions = typeof ACTIONS;
export type ActionName = keyof Actions;
