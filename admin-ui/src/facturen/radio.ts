/**
 * A radio group's question at full size: react-admin scales its legend to three quarters, as a
 * floating label (13.5 px where the console's text is 18 px); the theme sets the size, not that.
 */
export const VOLLE_GROOTTE = { '& .RaRadioButtonGroupInput-label': { transform: 'none', mb: 0.5 } } as const;
