import { EmailText } from '../../components/ui';
import { PersonName } from '../roles';

/**
 * A person's name (opening their role card) on one line, cut short with an ellipsis and whole in
 * its tooltip, and an e-mail address that, when it must wrap, wraps before its "@" or a dot, never
 * inside a word.
 */
export function PersonLabel({ name, email, userId }: { name: string; email: string; userId: string }) {
  return (
    <div className="min-w-0 flex-[1_1_12rem]">
      <p className="truncate font-medium text-slate-100" title={name}>
        <PersonName userId={userId} title={name} className="block max-w-full truncate">
          {name}
        </PersonName>
      </p>
      <p className="text-sm break-words text-slate-300" title={email}>
        <EmailText email={email} />
      </p>
    </div>
  );
}
