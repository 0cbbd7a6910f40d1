import { useDeferredValue, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { ROLE_SKILL_MAX_LENGTH, ROLE_SKILLS_MAX } from '@mc/contract';
import { Button } from '../../components/ui';
import { fieldControlClasses } from '../../components/ui/TextField';
import { skillSuggestionsQuery } from './rolesApi';

interface SkillTagsFieldProps {
  tags: string[];
  onChange: (tags: string[]) => void;
  error?: string | undefined;
}

/**
 * Free skill tags: type one and press Enter or "Add skill"; the browser's list offers the skills
 * attendees wrote (docs/product.md#open-roles). Each tag has its own remove button.
 */
export function SkillTagsField({ tags, onChange, error }: SkillTagsFieldProps) {
  const { _ } = useLingui();
  const id = useId();
  const [draft, setDraft] = useState('');
  const prefix = useDeferredValue(draft.trim().toLowerCase());
  const suggestions = useQuery(skillSuggestionsQuery(prefix));

  function add() {
    const tag = draft.trim().toLowerCase();
    if (tag === '' || tags.includes(tag) || tags.length >= ROLE_SKILLS_MAX) return;
    onChange([...tags, tag]);
    setDraft('');
  }

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-200">
        {_('roles.skills.label')}
        <span className="ml-0.5 text-rose-300" aria-hidden="true">
          *
        </span>
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          list={`${id}-list`}
          value={draft}
          maxLength={ROLE_SKILL_MAX_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          className={fieldControlClasses}
        />
        <Button variant="secondary" onClick={add}>
          {_('roles.skills.add')}
        </Button>
      </div>
      <datalist id={`${id}-list`}>
        {(suggestions.data ?? []).map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-rose-300">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-400">
          {_('roles.skills.hint')}
        </p>
      )}
      {tags.length ? (
        <ul aria-label={_('roles.skills.label')} className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full border border-sky-400/50 bg-sky-400/15 py-0.5 pr-1 pl-2.5 text-sm text-sky-100"
            >
              {tag}
              <button
                type="button"
                aria-label={_('roles.skills.remove', { tag })}
                onClick={() => onChange(tags.filter((other) => other !== tag))}
                className="rounded-full p-1 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-sky-300"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
