import { useLingui } from '@lingui/react';
import { Alert } from '../../../components/ui';
import type { SaveProblem } from './programmeApi';

/** Why a save was refused, with every problem the server listed. */
export function SaveProblemAlert({ problem }: { problem: SaveProblem | null }) {
  const { _ } = useLingui();
  if (!problem) return null;
  return (
    <Alert tone="error" title={problem.message}>
      {problem.problems.length ? (
        <ul aria-label={_('organiser.programme.problems')} className="list-disc space-y-1 pl-5">
          {problem.problems.map((line) => (
            <li key={line} className="break-words">
              {line}
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
