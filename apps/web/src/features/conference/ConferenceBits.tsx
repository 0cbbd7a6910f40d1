import type { ReactNode } from 'react';
import { ExternalLink } from 'lucide-react';
import { useLingui } from '@lingui/react';
import type { PartType } from '@mc/contract/conference.ts';

/** A speaker's local photo, or their initials on a colour of their own when there is none. */
export function SpeakerPhoto({ src, name, size }: { src: string | undefined; name: string; size: 'card' | 'dialog' }) {
  const { _ } = useLingui();
  const box = size === 'card' ? 'size-16' : 'size-24';
  if (src) {
    return (
      <img
        src={src}
        alt={_('programme.speakerPhoto.alt', { name })}
        width={size === 'card' ? 64 : 96}
        height={size === 'card' ? 64 : 96}
        loading="lazy"
        className={`${box} shrink-0 rounded-full border border-indigo-400/40 bg-slate-800 object-cover`}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={_('programme.speakerPhoto.none', { name })}
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full border font-semibold ${AVATAR_COLOURS[colourIndex(name)]} ${size === 'card' ? 'text-xl' : 'text-3xl'}`}
    >
      <span aria-hidden="true">{initialsOf(name)}</span>
    </span>
  );
}

/** Titles are not part of a person's initials. */
const HONORIFICS = /^(dr|prof|mr|mrs|ms|mx|sir|dame|rev|imam|sheikh|ustadh)\.?$/i;

/** "Dr. Fatima El-Amrani" → "FE", "Grace Okafor" → "GO", "Plato" → "P". */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => word && !HONORIFICS.test(word));
  const letters = [words[0], words.length > 1 ? words.at(-1) : undefined].map((word) => word?.match(/\p{L}/u)?.[0] ?? '');
  return letters.join('').toLocaleUpperCase();
}

// Text and background pairs that keep WCAG AA contrast on the dark theme.
const AVATAR_COLOURS = [
  'border-indigo-400/50 bg-indigo-500/25 text-indigo-100',
  'border-sky-400/50 bg-sky-500/25 text-sky-100',
  'border-emerald-400/50 bg-emerald-500/25 text-emerald-100',
  'border-amber-400/50 bg-amber-500/25 text-amber-100',
  'border-fuchsia-400/50 bg-fuchsia-500/25 text-fuchsia-100',
  'border-rose-400/50 bg-rose-500/25 text-rose-100',
];

/** The same person always gets the same colour. */
function colourIndex(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return hash % AVATAR_COLOURS.length;
}

/** Each kind of part's badge: its colours, and its name (the contract's TALK or PANEL in English). */
const TYPE_BADGES: Record<PartType, { style: string; messageId: string }> = {
  TALK: { style: 'border-sky-400/40 bg-sky-400/10 text-sky-200', messageId: 'programme.partType.talk' },
  PANEL: { style: 'border-fuchsia-400/40 bg-fuchsia-400/10 text-fuchsia-200', messageId: 'programme.partType.panel' },
};

export function TypeBadge({ type }: { type: PartType }) {
  const { _ } = useLingui();
  const badge = TYPE_BADGES[type];
  return (
    <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold tracking-wide ${badge.style}`}>{_(badge.messageId)}</span>
  );
}

/** A link that opens in a new tab without giving the new page a handle on this one. */
export function ExternalAnchor({ href, children, className }: { href: string; children: ReactNode; className: string }) {
  const { _ } = useLingui();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> {_('programme.opensInNewTab')}</span>
      <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 opacity-70" />
    </a>
  );
}
