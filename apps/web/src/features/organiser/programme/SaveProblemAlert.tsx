import { Alert } from '../../../components/ui';
import type { SaveProblem } from './programmeEditing';

/** Why a save was refused, with every problem the server listed. */
export function SaveProblemAlert({ problem }: { problem: SaveProblem | null }) {
  if (!problem) return null;
  return (
    <Alert tone="error" title={problem.message}>
      {problem.problems.length ? (
        <ul aria-label="Problems" className="list-disc space-y-1 pl-5">
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
