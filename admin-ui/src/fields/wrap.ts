/**
 * For text that may hold one long word (an e-mail address, a long town or description): it breaks
 * anywhere rather than run out of its card or cell, and the box around it may shrink below that
 * word's width (minWidth 0 in a flex or grid row). In a table cell 'anywhere' also lets the
 * column be narrower than the word, so the row's actions stay in view.
 */
export const wrapAnywhere = { overflowWrap: 'anywhere', minWidth: 0 } as const;
