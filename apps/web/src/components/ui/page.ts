/**
 * The one width of every signed-in screen, so headings start at the same place from screen to
 * screen and nothing gets narrower when moving between them (grids, forms and reading pages alike).
 */
export const pageClasses = 'mx-auto w-full max-w-5xl';
