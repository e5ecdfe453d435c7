/**
 * User-facing texts of sign-in, access guards and logout.
 *
 * The texts marked "spec" are quoted in the specification (document 1, sections 2, 6 and 8) and
 * are the product's real texts: keep them to the letter, including their informal "je". The
 * others are ours and address the user with the formal "u".
 *
 * Used by both front ends as @klusmaat/shared-ui/auth/*.
 */
export const TEXTS = {
  // spec
  missingFields: 'Vul email en wachtwoord in',
  loginFailed: 'Inloggen mislukt',
  welcomeBack: 'Welkom terug!',
  staffUseAdminPortal: 'Je bent admin of franchise. Gebruik het admin portaal.',
  noAccessFound: 'Geen toegang gevonden voor dit account',
  roleCheckFailed: 'Fout bij controleren van toegangsrechten',
  logoutOk: 'Succesvol uitgelogd',
  logoutFailed: 'Fout bij uitloggen',
  accessTimeout: 'Toegangscontrole duurt te lang. Probeer het opnieuw.',
  accessErrorHeading: 'Fout bij toegangscontrole',
  retry: 'Opnieuw proberen',
  backToLogin: 'Terug naar login',
  networkError: 'Netwerkfout - controleer je internetverbinding',
  staffLoginTitle: 'Medewerkers Login',
  portalsTitle: 'Welkom',
  klusserPortal: 'Klusser Portaal',
  adminAndFranchise: 'Admin & Franchise',
  forgotPassword: 'Wachtwoord vergeten?',

  // ours
  emailLabel: 'E-mailadres',
  passwordLabel: 'Wachtwoord',
  signInButton: 'Inloggen',
  signingIn: 'Even geduld, u wordt ingelogd…',
  logoutButton: 'Uitloggen',
  checkingAccess: 'Toegang wordt gecontroleerd…',
  flowExpired: 'Het inloggen duurde te lang. Probeer het opnieuw.',
  rateLimitedFallback: 'Te veel pogingen. Wacht even en probeer het opnieuw.',
  secondFactorTitle: 'Tweede stap: code invoeren',
  secondFactorIntro: 'Open de authenticator-app op uw telefoon en vul de code van 6 cijfers in die u daar ziet.',
  lookupIntro: 'Vul een van de herstelcodes in die u eerder heeft bewaard. Elke herstelcode werkt maar één keer.',
  totpLabel: 'Code uit uw app',
  lookupLabel: 'Herstelcode',
  confirmCodeButton: 'Bevestigen',
  useLookupToggle: 'Gebruik een herstelcode',
  useTotpToggle: 'Gebruik de code uit uw app',
  missingTotp: 'Vul de code uit uw app in.',
  missingLookup: 'Vul een herstelcode in.',
  otherAccount: 'Met een ander account inloggen',
  refreshIntro: 'Log opnieuw in om door te gaan. Dit is nodig voordat u uw beveiliging kunt wijzigen.',
} as const;
