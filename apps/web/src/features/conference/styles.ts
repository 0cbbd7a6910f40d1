/** Keyboard focus indicator shared by the conference screens (visible on the dark background). */
export const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:ring-offset-2 focus-visible:ring-offset-slate-950';
