import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import {
  ROLE_PROFILE_FIELDS,
  ROLE_PROFILE_OPTIONS,
  type RoleProfile,
  type RoleProfileFormField,
  type RoleProfileRecordField,
  type RoleProfileValues,
} from '@mc/contract';
import { Button, Card, PageSpinner, Select, TextAreaField, TextField, buttonClasses, useRequiredFields, pageClasses, LoadError } from '../../components/ui';
import { paths } from '../../lib/paths';
import { appConfig } from '../../lib/appConfig';
import { useAuth } from '../../lib/auth';
import { queryKeys } from '../../lib/queryKeys';
import { i18n } from '../../i18n/i18n';
import { archetypeLabel, objectiveLabel } from '../roles';
import { roleProfileQuery, saveRoleProfile } from './roleProfileApi';
import { readDraft, removeDraft, writeDraft } from './roleProfileDraft';

/** The fields as the form shows them, which is also the order the required-fields message names them. */
const FIELD_ORDER: readonly RoleProfileFormField[] = ROLE_PROFILE_FIELDS.map((field) => field.form);

/**
 * The contract's labels (its required-fields message names the fields by them) as the form shows
 * them, in the interface's language.
 */
const LABELS: Readonly<Record<RoleProfileFormField, { messageId: string }>> = {
  roleTitle: { messageId: 'profile.field.roleTitle' },
  roleArchetype: { messageId: 'profile.field.roleArchetype' },
  kernel: { messageId: 'profile.field.kernel' },
  higherObjective: { messageId: 'profile.field.higherObjective' },
  hardware: { messageId: 'profile.field.hardware' },
  software: { messageId: 'profile.field.software' },
  systemRequirement: { messageId: 'profile.field.systemRequirement' },
  applicationService: { messageId: 'profile.field.applicationService' },
  executionLayer: { messageId: 'profile.field.executionLayer' },
};

const PLACEHOLDERS: Partial<Record<RoleProfileFormField, { messageId: string }>> = {
  roleArchetype: { messageId: 'profile.form.archetypePlaceholder' },
  higherObjective: { messageId: 'profile.form.objectivePlaceholder' },
};

/** The select options are the contract's values (stored as they are), each named in the interface's language. */
const OPTION_LABELS: Partial<Record<RoleProfileRecordField, typeof archetypeLabel>> = {
  role_archype: archetypeLabel,
  high_objective: objectiveLabel,
};

type FormValues = Record<RoleProfileFormField, string>;

const fieldId = (name: RoleProfileFormField) => `role-profile-${name}`;

function initialValues(profile: RoleProfile | null): FormValues {
  return Object.fromEntries(ROLE_PROFILE_FIELDS.map((field) => [field.form, profile?.[field.record] ?? ''])) as FormValues;
}

function toRecord(values: FormValues): RoleProfileValues {
  return Object.fromEntries(ROLE_PROFILE_FIELDS.map((field) => [field.record, values[field.form]])) as RoleProfileValues;
}

export default function RoleProfileFormPage() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const profile = useQuery(roleProfileQuery(userId));

  useEffect(() => {
    // Said once, when the error comes: in the language of that moment.
    if (profile.error) toast.error(profile.error.message || i18n._('profile.form.loadFailed'));
  }, [profile.error]);

  const loading = userId !== null && profile.isPending;
  // Until the profile has loaded, the screen cannot say whether it creates or edits.
  // The heading says which of the two the form does (docs/product.md#role-profile-form).
  const title = profile.data ? _('profile.form.editTitle') : _('profile.form.createTitle');
  return (
    <section className={pageClasses}>
      <title>{`${loading ? _('profile.form.name') : title} · ${appConfig.productName}`}</title>
      {loading ? null : (
        <header className="mb-6">
          <h1 className="text-2xl font-bold text-slate-50 sm:text-3xl">{title}</h1>
          <p className="mt-2 text-slate-300">{_('profile.form.intro')}</p>
        </header>
      )}
      {loading ? (
        <PageSpinner label={_('profile.form.loading')} />
      ) : profile.data === undefined && profile.error ? (
        // Not knowing the profile is not "no profile": an empty form here would look like one, and save over it.
        <LoadError message={profile.error.message || _('profile.form.loadFailed')} retrying={profile.isFetching} onRetry={() => void profile.refetch()} />
      ) : (
        // Keyed by the loaded profile, so the form starts from its values without syncing effects.
        <RoleProfileForm key={profile.data?.id ?? 'new'} userId={userId} existing={profile.data ?? null} />
      )}
    </section>
  );
}

function RoleProfileForm({ userId, existing }: { userId: string | null; existing: RoleProfile | null }) {
  const { _ } = useLingui();
  // What the person typed and did not save comes back over the stored profile.
  const [draft] = useState(() => readDraft(userId));
  const [values, setValues] = useState<FormValues>(() => ({ ...initialValues(existing), ...draft }));
  const [touched, setTouched] = useState<ReadonlySet<RoleProfileFormField>>(() => new Set(Object.keys(draft ?? {}) as RoleProfileFormField[]));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const required = useRequiredFields(FIELD_ORDER, values, fieldId);

  const save = useMutation({
    mutationFn: (record: RoleProfileValues) => {
      if (!userId) throw new Error(_('profile.form.notAuthenticated'));
      return saveRoleProfile(existing, {
        p_user_id: userId,
        p_role_title: (record.role_title ?? '').trim(),
        p_intention: (record.intention ?? '').trim(),
        p_skills_and_resources: (record.skills_and_resources ?? '').trim(),
        p_knowledge_and_experience: (record.knowledge_and_experience ?? '').trim(),
        p_community_need: (record.community_need ?? '').trim(),
        p_contribution: (record.contribution ?? '').trim(),
        p_first_action_next_7_days: (record.first_action_next_7_days ?? '').trim(),
        p_high_objective: (record.high_objective ?? '').trim(),
        p_role_archype: (record.role_archype ?? '').trim(),
      });
    },
    onSuccess: async (saved) => {
      removeDraft();
      queryClient.setQueryData(queryKeys.roleProfile(userId), saved);
      toast.success(_('profile.form.saved'));
      await navigate(paths.dashboard());
    },
    onError: (error) => {
      toast.error(error instanceof Error ? error.message || _('profile.form.saveFailed') : _('profile.form.saveError'));
    },
  });

  const change = (name: RoleProfileFormField, value: string) => {
    setValues((current) => {
      const next = { ...current, [name]: value };
      writeDraft(userId, next);
      return next;
    });
    setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const record = toRecord(values);
    const missing = ROLE_PROFILE_FIELDS.filter((field) => !(record[field.record] ?? '').trim()).map((field) => i18n._(LABELS[field.form].messageId));
    if (missing.length) {
      // The one combined message, and each empty field marked where it is.
      toast.error(i18n._('form.requiredFields', { fields: missing.join(', ') }));
      required.check();
      return;
    }
    if (!userId) {
      toast.error(_('profile.form.notAuthenticated'));
      return;
    }
    save.mutate(record);
  };

  return (
    <Card>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={_('profile.form.name')}>
        <p className="text-sm text-slate-300" data-testid="draft-note">
          {draft ? _('profile.form.draftRestored') : _('profile.form.draftNote')}
        </p>
        {ROLE_PROFILE_FIELDS.map((field) => (
          <RoleProfileFieldInput
            key={field.form}
            field={field}
            value={values[field.form]}
            isTouched={touched.has(field.form)}
            error={required.errorFor(field.form, field.kind === 'select' ? 'select' : 'text')}
            onChange={(value) => change(field.form, value)}
          />
        ))}
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={paths.dashboard()} className={buttonClasses('secondary')} onClick={removeDraft}>
            {_('profile.form.cancel')}
          </Link>
          <Button type="submit" busy={save.isPending} busyLabel={_('profile.form.saving')}>
            {_('profile.form.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

interface RoleProfileFieldInputProps {
  field: (typeof ROLE_PROFILE_FIELDS)[number];
  value: string;
  /** Changed since the form opened. */
  isTouched: boolean;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** One field of the role profile, drawn as its kind asks: a select, a line or a text area. */
function RoleProfileFieldInput({ field, value, isTouched, error, onChange }: RoleProfileFieldInputProps) {
  const { _ } = useLingui();
  // The asterisk shows while a field is untouched, or touched but empty.
  const mark = !isTouched || !value.trim();
  const common = {
    id: fieldId(field.form),
    error,
    name: field.form,
    label: _(LABELS[field.form].messageId),
    required: true,
    showRequiredMark: mark,
    value,
  };
  if (field.kind === 'select') {
    const optionLabel = OPTION_LABELS[field.record];
    const options = (ROLE_PROFILE_OPTIONS[field.record] ?? []).map((option) => ({ value: option, label: optionLabel ? optionLabel(_, option) : option }));
    const placeholder = PLACEHOLDERS[field.form];
    return (
      <Select {...common} options={options} placeholder={placeholder ? _(placeholder.messageId) : ''} onChange={(event) => onChange(event.target.value)} />
    );
  }
  if (field.kind === 'line') {
    return <TextField {...common} maxLength={field.maxLength} autoComplete="off" onChange={(event) => onChange(event.target.value)} />;
  }
  return <TextAreaField {...common} rows={3} maxLength={field.maxLength} onChange={(event) => onChange(event.target.value)} />;
}
