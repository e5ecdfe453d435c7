/**
 * The board's measures and colours (D29). A week fits at 1280 px with the menu open and the open
 * jobs beside it: the klusser column and seven days of at least DAY_MIN px (about 104 px there,
 * room for 'Ingepland', a town at 15 px and a category's words at 14 px). Where fewer days fit
 * (a tablet), the board shows as many as fit and pages through the week (useDayWindow).
 */
export const KLUSSER_COL = 86;
export const DAY_MIN = 88;
/** The width the week asks for beside the open jobs: all seven days. */
export const WEEK_BASIS = KLUSSER_COL + 7 * DAY_MIN;
export const OPEN_WIDTH = 200;

export const TODAY_HEAD = '#fff1cc';
export const TODAY_CELL = '#fffaeb';
export const DROP_TARGET = '#e3edfb';
export const FOCUS_BLUE = '#1558b0';

/** The rows' description (aria-describedby) for the admin: how to assign. */
export const HOW_TO_ID = 'planning-sleep-uitleg';
