import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  ROLE_PROFILE_FIELDS,
  ROLE_PROFILE_OPTIONS,
  roleProfileRequiredMessage,
  type RoleProfile,
  type RoleProfileFormField,
  type RoleProfileValues,
} from '@mc/contract';
import { Button, Card, PageSpinner, Select, TextAreaField, TextField, buttonClasses, useRequiredFields, pageClasses, LoadError } from '../../components/ui';
import { paths } from '../../lib/paths';
import { appConfig } from '../../lib/appConfig';
import { useAuth } from '../../lib/auth';
import { queryKeys } from '../../lib/queryKeys';
import { roleProfileQuery, saveRoleProfile } from './roleProfileApi';

/** The heading says which of the two the form does (docs/product.md#role-profile-form). */
const CREATE_TITLE = 'Create Your Role Profile';
const EDIT_TITLE = 'Edit Your Role Profile';

/** The fields as the form shows them, which is also the order the required-fields message names them. */
const FIELD_ORDER: readonly RoleProfileFormField[] = ROLE_PROFILE_FIELDS.map((field) => field.form);

const PLACEHOLDERS: Partial<Record<RoleProfileFormField, string>> = {
  roleArchetype: 'Select a role archetype...',
  higherObjective: 'Select a higher objective...',
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
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const profile = useQuery(roleProfileQuery(userId));

  useEffect(() => {
    if (profile.error) toast.error(profile.error.message || 'Failed to load profile');
  }, [profile.error]);

  const loading = userId !== null && profile.isPending;
  // Until the profile has loaded, the screen cannot say whether it creates or edits.
  const title = profile.data ? EDIT_TITLE : CREATE_TITLE;
  return (
    <section className={pageClasses}>
      <title>{`${loading ? 'Role profile' : title} · ${appConfig.productName}`}</title>
      {loading ? null : (
        <header className="mb-6">
          <h1 className="text-2xl font-bold text-slate-50 sm:text-3xl">{title}</h1>
          <p className="mt-2 text-slate-300">Define your purpose, skills, and how you&apos;ll contribute to the community</p>
        </header>
      )}
      {loading ? (
        <PageSpinner label="Loading profile data..." />
      ) : profile.data === undefined && profile.error ? (
        // Not knowing the profile is not "no profile": an empty form here would look like one, and save over it.
        <LoadError message={profile.error.message || 'Failed to load profile'} retrying={profile.isFetching} onRetry={() => void profile.refetch()} />
      ) : (
        // Keyed by the loaded profile, so the form starts from its values without syncing effects.
        <RoleProfileForm key={profile.data?.id ?? 'new'} userId={userId} existing={profile.data ?? null} />
      )}
    </section>
  );
}

function RoleProfileForm({ userId, existing }: { userId: string | null; existing: RoleProfile | null }) {
  const [values, setValues] = useState<FormValues>(() => initialValues(existing));
  const [touched, setTouched] = useState<ReadonlySet<RoleProfileFormField>>(new Set());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const required = useRequiredFields(FIELD_ORDER, values, fieldId);

  const save = useMutation({
    mutationFn: (record: RoleProfileValues) => {
      if (!userId) throw new Error('User not authenticated');
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
      queryClient.setQueryData(queryKeys.roleProfile(userId), saved);
      toast.success('Profile saved successfully!');
      await navigate(paths.dashboard());
    },
    onError: (error) => {
      toast.error(error instanceof Error ? error.message || 'Failed to save profile' : 'An error occurred while saving');
    },
  });

  const change = (name: RoleProfileFormField, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => (current.has(name) ? current : new Set(current).add(name)));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const record = toRecord(values);
    const missing = roleProfileRequiredMessage(record);
    if (missing) {
      // The one combined message, and each empty field marked where it is.
      toast.error(missing);
      required.check();
      return;
    }
    if (!userId) {
      toast.error('User not authenticated');
      return;
    }
    save.mutate(record);
  };

  return (
    <Card>
      <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label="Role profile">
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
          <Link to={paths.dashboard()} className={buttonClasses('secondary')}>
            Cancel
          </Link>
          <Button type="submit" busy={save.isPending} busyLabel="Saving...">
            Save Profile
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
  // The asterisk shows while a field is untouched, or touched but empty.
  const mark = !isTouched || !value.trim();
  const common = {
    id: fieldId(field.form),
    error,
    name: field.form,
    label: field.label,
    required: true,
    showRequiredMark: mark,
    value,
  };
  if (field.kind === 'select') {
    const options = (ROLE_PROFILE_OPTIONS[field.record] ?? []).map((option) => ({ value: option, label: option }));
    return <Select {...common} options={options} placeholder={PLACEHOLDERS[field.form] ?? ''} onChange={(event) => onChange(event.target.value)} />;
  }
  if (field.kind === 'line') {
    return <TextField {...common} maxLength={field.maxLength} autoComplete="off" onChange={(event) => onChange(event.target.value)} />;
  }
  return <TextAreaField {...common} rows={3} maxLength={field.maxLength} onChange={(event) => onChange(event.target.value)} />;
}
