import type { ReactNode } from 'react';
import { ExternalLink, UserRound } from 'lucide-react';
import type { PartType } from '@mc/contract/conference.ts';

/** A speaker's local photo, or a placeholder icon when there is none. */
export function SpeakerPhoto({ src, name, size }: { src: string | undefined; name: string; size: 'card' | 'dialog' }) {
  const box = size === 'card' ? 'size-16' : 'size-24';
  if (src) {
    return (
      <img
        src={src}
        alt={`Photo of ${name}`}
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
      aria-label={`No photo of ${name}`}
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full border border-slate-600 bg-slate-800 text-indigo-300`}
    >
      <UserRound aria-hidden="true" className={size === 'card' ? 'size-8' : 'size-12'} />
    </span>
  );
}

const TYPE_STYLES: Record<PartType, string> = {
  TALK: 'border-sky-400/40 bg-sky-400/10 text-sky-200',
  PANEL: 'border-fuchsia-400/40 bg-fuchsia-400/10 text-fuchsia-200',
};

export function TypeBadge({ type }: { type: PartType }) {
  return (
    <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold tracking-wide ${TYPE_STYLES[type]}`}>
      {type}
    </span>
  );
}

/** A link that opens in a new tab without giving the new page a handle on this one. */
export function ExternalAnchor({ href, children, className }: { href: string; children: ReactNode; className: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
      <ExternalLink aria-hidden="true" className="size-3.5 shrink-0 opacity-70" />
    </a>
  );
}
