/**
 * The class of the sheet's names column: on a phone a narrow one whose names wrap, so that three grade columns or more
 * stay in view beside it; from the small breakpoint on, wide enough for a name on one line.
 */
export const NAME_COLUMN = "sticky left-0 w-32 min-w-32 max-w-32 border-r border-b px-2 text-left break-words sm:w-auto sm:max-w-none sm:min-w-56 sm:px-3";
