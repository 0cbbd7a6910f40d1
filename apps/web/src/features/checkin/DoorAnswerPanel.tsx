import { useLingui } from '@lingui/react';
import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import type { CheckinInvalidReason } from '@mc/contract';
import { cn } from '../../components/ui';
import { formatDateTime, formatTime } from '../../lib/format';
import type { DoorScan } from './doorStore';
import type { DoorAnswer } from './doorEngine';

/** What the door shows for one scan, worked out from its record (and, before the server answered, the door's own earlier scans). */
export type ShownAnswer =
  | { tone: 'in'; name: string | null; pending: 'offline' | 'confirming' | null }
  | { tone: 'already'; name: string | null; at: string; door: string }
  | { tone: 'invalid'; reason: CheckinInvalidReason };

const fullName = (first: string, last: string): string | null => [first, last].filter(Boolean).join(' ') || null;

export function shownAnswer(answer: DoorAnswer, scans: readonly DoorScan[]): ShownAnswer | null {
  if (answer.kind === 'invalid') return { tone: 'invalid', reason: answer.reason };
  const scan = scans.find((candidate) => candidate.client_scan_id === answer.scanId);
  if (!scan) return null;
  const { result } = scan;
  if (result) {
    const name = fullName(result.first_name, result.last_name);
    if (result.outcome === 'invalid') return { tone: 'invalid', reason: result.reason ?? 'unknown' };
    if (result.outcome === 'already') return { tone: 'already', name, at: result.checked_in_at ?? scan.scanned_at, door: result.door ?? scan.door };
    return { tone: 'in', name, pending: null };
  }
  // Not answered yet: this door's own earlier scan of the same badge already says "already".
  const earlier = scans.find((other) => other.badge_id === scan.badge_id && other.scanned_at < scan.scanned_at && other.state !== 'refused');
  if (earlier) {
    const name = earlier.result ? fullName(earlier.result.first_name, earlier.result.last_name) : null;
    return { tone: 'already', name, at: earlier.result?.checked_in_at ?? earlier.scanned_at, door: earlier.result?.door ?? earlier.door };
  }
  return { tone: 'in', name: null, pending: scan.offline || scan.state === 'refused' ? 'offline' : 'confirming' };
}

/** "14:05" today, the date and time otherwise. */
export function momentLabel(iso: string): string {
  const date = new Date(iso);
  return date.toDateString() === new Date().toDateString() ? formatTime(date) : formatDateTime(date);
}

const REASON_IDS: Record<CheckinInvalidReason, string> = {
  malformed: 'checkin.reason.malformed',
  other_event: 'checkin.reason.otherEvent',
  replaced: 'checkin.reason.replaced',
  unknown: 'checkin.reason.unknown',
};

export function useAnswerTexts() {
  const { _ } = useLingui();
  return (shown: ShownAnswer): { title: string; detail: string | null } => {
    if (shown.tone === 'invalid') return { title: _('checkin.result.invalid'), detail: _(REASON_IDS[shown.reason]) };
    if (shown.tone === 'already') {
      return { title: _('checkin.result.already', { time: momentLabel(shown.at), door: shown.door }), detail: shown.name };
    }
    const title = shown.name ? _('checkin.result.checkedIn', { name: shown.name }) : _('checkin.result.checkedInNoName');
    const detail = shown.pending === 'offline' ? _('checkin.result.offline') : shown.pending === 'confirming' ? _('checkin.result.confirming') : null;
    return { title, detail };
  };
}

const TONES = {
  in: { box: 'border-emerald-400 bg-emerald-950 text-emerald-50', Icon: CheckCircle2 },
  already: { box: 'border-amber-400 bg-amber-950 text-amber-50', Icon: AlertTriangle },
  invalid: { box: 'border-rose-400 bg-rose-950 text-rose-50', Icon: XCircle },
} as const;

/** The answer to the last scan: big, coloured and worded, so it reads at a glance in sunlight. */
export function DoorAnswerPanel({ shown }: { shown: ShownAnswer }) {
  const texts = useAnswerTexts()(shown);
  const { box, Icon } = TONES[shown.tone];
  return (
    <div
      role={shown.tone === 'invalid' ? 'alert' : 'status'}
      data-testid="door-answer"
      data-tone={shown.tone}
      className={cn('flex gap-4 rounded-2xl border-8 p-5', box)}
    >
      <Icon aria-hidden="true" className="size-12 shrink-0" />
      <div className="min-w-0 space-y-2">
        <p className="text-2xl leading-tight font-extrabold break-words sm:text-3xl">{texts.title}</p>
        {texts.detail ? <p className="text-lg font-medium">{texts.detail}</p> : null}
      </div>
    </div>
  );
}
