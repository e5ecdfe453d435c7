/**
 * The texts of the statements and the bank account on 'Mijn Verdiensten' (D31), in the portal's
 * informal voice (see ../texts.ts). The server's own messages (a wrong IBAN, 'Bankrekening
 * opgeslagen') are shown as the server words them.
 */
export const VT = {
  uitbetalingenTitle: 'Uitbetalingen',
  uitbetalingenIntro: 'Na elke maand zetten wij je gewerkte uren op een overzicht. Zo zie je wat je krijgt en wanneer het is betaald.',
  geenUitbetalingen: 'Je hebt nog geen uitbetalingen.',
  geenUitbetalingenUitleg: 'Na de eerste maand waarin je een klus hebt afgerond, zie je hier je overzicht.',
  uitbetalingenFailed: 'Kon je uitbetalingen niet laden. Controleer je internetverbinding.',
  meerUitbetalingen: 'Meer uitbetalingen laden',
  meerFailed: 'Kon de volgende uitbetalingen niet laden.',
  nummer: 'Nummer',
  totaal: 'Totaal',
  betaaldDoor: 'Betaald door',
  status: 'Status',
  bekijkPdf: 'Bekijk PDF',

  ibanOntbreekt: 'IBAN ontbreekt',
  ibanOntbreektUitleg: 'Je hebt nog geen bankrekening opgegeven. Zonder IBAN kunnen wij je verdiensten niet overmaken.',
  ibanInvullen: 'Bankrekening invullen',

  bankTitle: 'Mijn bankrekening',
  bankIntro: 'Op deze rekening maken wij je verdiensten over.',
  bankFailed: 'Kon je bankrekening niet laden. Controleer je internetverbinding.',
  iban: 'IBAN',
  ibanHint: 'Het nummer van je bankrekening, bijvoorbeeld NL91 ABNA 0417 1643 00. Spaties mogen.',
  tenNameVan: 'Ten name van',
  tenNameVanHint: 'De naam zoals je bank die kent, bijvoorbeeld P. Bakker.',
  gemaskeerdUitleg: 'Voor je veiligheid tonen wij alleen het begin en de laatste vier tekens.',
  wijzigen: 'Bankrekening wijzigen',
  opslaan: 'Bankrekening opslaan',
  annuleren: 'Annuleren',
  opgeslagen: 'Bankrekening opgeslagen',
  saveFailed: 'Je bankrekening is niet opgeslagen. Controleer je internetverbinding en probeer het opnieuw.',
  saveRefused: 'Je bankrekening is niet opgeslagen.',
} as const;
