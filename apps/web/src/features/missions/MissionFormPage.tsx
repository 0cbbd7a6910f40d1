import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { REQUIRED_FIELD_MESSAGE_IDS } from './missionRules';
import { toast } from 'sonner';
import { Check } from 'lucide-react';
import { MISSION_FIELD_MAX, MISSION_FIELDS, OBJECTIVES, type Mission, type MissionField } from '@mc/contract';
import {
  Alert,
  Button,
  Card,
  PageSpinner,
  Select,
  TextAreaField,
  TextField,
  buttonClasses,
  useRequiredFields,
  pageClasses,
  LoadError,
} from '../../components/ui';
import { paths } from '../../lib/paths';
import { appConfig } from '../../lib/appConfig';
import { useAuth } from '../../lib/auth';
import { missionDetailsQuery } from '../../lib/queries';
import { createMission, invalidateMissions, updateMission, type MissionInput } from './missionsApi';
import { MissionFieldList } from './MissionParts';
import { useOwnedMission } from './useMembershipMission';
import { objectiveLabel } from '../roles';
import type { QuestionForMission } from '../questions';

type FormValues = Record<MissionField, string>;

interface FieldSpec {
  label: { messageId: string };
  kind: 'line' | 'text' | 'select';
  hint: { messageId: string };
}

/** The seven fields in order, each with its hint (docs/product.md#mission-form). */
const FIELDS: Record<MissionField, FieldSpec> = {
  name: { label: { messageId: 'mission.form.name' }, kind: 'line', hint: { messageId: 'mission.form.nameHint' } },
  shared_intention: { label: { messageId: 'mission.form.sharedIntention' }, kind: 'text', hint: { messageId: 'mission.form.sharedIntentionHint' } },
  objective_or_focus: { label: { messageId: 'mission.form.objective' }, kind: 'select', hint: { messageId: 'mission.form.objectiveHint' } },
  statement: { label: { messageId: 'mission.form.statement' }, kind: 'text', hint: { messageId: 'mission.form.statementHint' } },
  core_message: { label: { messageId: 'mission.form.coreMessage' }, kind: 'line', hint: { messageId: 'mission.form.coreMessageHint' } },
  problem_being_solved: { label: { messageId: 'mission.form.problem' }, kind: 'text', hint: { messageId: 'mission.form.problemHint' } },
  first_team_action: { label: { messageId: 'mission.form.firstAction' }, kind: 'line', hint: { messageId: 'mission.form.firstActionHint' } },
};

const PARAM: Record<MissionField, keyof MissionInput> = {
  name: 'p_name',
  shared_intention: 'p_shared_intention',
  objective_or_focus: 'p_objective_or_focus',
  statement: 'p_statement',
  core_message: 'p_core_message',
  problem_being_solved: 'p_problem_being_solved',
  first_team_action: 'p_first_team_action',
};

const fieldId = (field: MissionField) => `mission-${field}`;

function valuesOf(mission: Mission | null, source: QuestionForMission | null = null): FormValues {
  const values = {} as FormValues;
  for (const field of MISSION_FIELDS) values[field] = mission ? (mission[field] ?? '') : '';
  // Started from a question: the question is the problem being solved.
  if (!mission && source) values.problem_being_solved = source.body.slice(0, MISSION_FIELD_MAX.problem_being_solved);
  return values;
}

/**
 * The question a new mission starts from (docs/product.md#missions-from-questions): the one its
 * questions screen handed over with the navigation (kept by the browser across a reload), when the
 * address names the same question. The server checks again who may start from it.
 */
function useSourceQuestion(questionId: string | null): QuestionForMission | null {
  const state: unknown = useLocation().state;
  if (!questionId || typeof state !== 'object' || state === null || !('fromQuestion' in state)) return null;
  const source = (state as { fromQuestion: Partial<QuestionForMission> | null }).fromQuestion;
  if (source?.question_id !== questionId || typeof source.body !== 'string' || typeof source.part_id !== 'string') return null;
  return { question_id: source.question_id, body: source.body, part_id: source.part_id };
}

export default function MissionFormPage() {
  const [searchParams] = useSearchParams();
  const editId = searchParams.get('edit');
  const source = useSourceQuestion(editId === null ? searchParams.get('question') : null);
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const navigate = useNavigate();
  const { _ } = useLingui();
  const title = editId ? _('mission.update') : _('mission.form.createTitle');

  const existing = useQuery({ ...missionDetailsQuery(editId ?? '', userId), enabled: editId !== null && userId !== null, staleTime: 0 });
  const notFound = editId !== null && existing.isSuccess && existing.data === null;

  // A mission that is not there says so, then goes back to the dashboard. A read that failed stays
  // here with "Try again" (the network may come back; the person's place is kept).
  useEffect(() => {
    if (!notFound) return;
    toast.error(_('mission.loadFailed'));
    void navigate(paths.dashboard(), { replace: true });
  }, [notFound, navigate, _]);

  return (
    <section className={pageClasses}>
      <title>{`${title} · ${appConfig.productName}`}</title>
      <h1 className="mb-6 text-2xl font-bold text-slate-50 sm:text-3xl">{title}</h1>
      {editId === null ? (
        <CreateOrShowOwn userId={userId} source={source} />
      ) : existing.data ? (
        <MissionForm key={existing.data.mission.mission_id} userId={userId} existing={existing.data.mission} />
      ) : existing.isError ? (
        <LoadError message={existing.error.message || _('mission.loadFailed')} retrying={existing.isFetching} onRetry={() => void existing.refetch()} />
      ) : (
        <PageSpinner label={_('mission.loadingDetails')} />
      )}
    </section>
  );
}

/**
 * The empty form, unless the person already created a mission (one each): then that mission, with
 * the way to update it, instead of a form the server would refuse (docs/product.md#mission-form).
 */
function CreateOrShowOwn({ userId, source }: { userId: string | null; source: QuestionForMission | null }) {
  const { _ } = useLingui();
  const owned = useOwnedMission(userId);
  if (owned.isPending) return <PageSpinner label={_('mission.loadingDetails')} />;
  // Not knowing whether the person has a mission is not "no mission": no empty form until it is known.
  if (owned.error) return <LoadError message={owned.error.message || _('mission.loadFailed')} onRetry={owned.retry} />;
  const mission = owned.details?.mission;
  if (!mission) return <MissionForm userId={userId} existing={null} source={source} />;
  return (
    <Card className="flex flex-col gap-4" data-testid="own-mission">
      <p className="text-slate-200">{_('mission.form.alreadyHave')}</p>
      <h2 className="text-xl font-semibold break-words text-slate-50">{mission.name || _('mission.untitled')}</h2>
      <MissionFieldList mission={mission} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to={paths.createMission(mission.mission_id)} className={buttonClasses('primary')}>
          {_('mission.update')}
        </Link>
        <Link to={paths.myMission(mission.mission_id)} className={buttonClasses('secondary')}>
          {_('mission.form.viewMine')}
        </Link>
      </div>
    </Card>
  );
}

function MissionForm({ userId, existing, source = null }: { userId: string | null; existing: Mission | null; source?: QuestionForMission | null }) {
  const { _ } = useLingui();
  const initial = valuesOf(existing, source);
  const [values, setValues] = useState<FormValues>(initial);
  const [touched, setTouched] = useState<ReadonlySet<MissionField>>(new Set());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const editing = existing !== null;
  const required = useRequiredFields(MISSION_FIELDS, values, fieldId);

  const save = useMutation({
    mutationFn: async (trimmed: FormValues) => {
      if (!userId) throw new Error(_('mission.form.notAuthenticated'));
      if (!existing) {
        const input = {} as MissionInput;
        for (const field of MISSION_FIELDS) input[PARAM[field]] = trimmed[field];
        return createMission(userId, input, source?.question_id ?? null);
      }
      // Fields left as they were go as null, meaning "unchanged".
      const input: Partial<MissionInput> = {};
      for (const field of MISSION_FIELDS) input[PARAM[field]] = trimmed[field] === existing[field] ? null : trimmed[field];
      return updateMission(existing.mission_id, userId, input);
    },
    onSuccess: async () => {
      toast.success(editing ? _('mission.form.updated') : _('mission.form.created'));
      await invalidateMissions(queryClient, userId);
      await navigate(paths.dashboard());
    },
    onError: (error) => {
      toast.error(error.message || (editing ? _('mission.form.updateFailed') : _('mission.form.createFailed')));
    },
  });

  const change = (field: MissionField, value: string) => {
    // Input beyond the maximum is ignored.
    setValues((current) => ({ ...current, [field]: value.slice(0, MISSION_FIELD_MAX[field]) }));
    setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = {} as FormValues;
    for (const field of MISSION_FIELDS) trimmed[field] = values[field].trim();
    const missing = MISSION_FIELDS.filter((field) => trimmed[field] === '').map((field) => _(REQUIRED_FIELD_MESSAGE_IDS[field]));
    if (missing.length) {
      // The one combined message, and each empty field marked where it is.
      toast.error(_('form.requiredFields', { fields: missing.join(', ') }));
      required.check();
      return;
    }
    if (!userId) {
      toast.error(_('mission.form.notAuthenticated'));
      return;
    }
    save.mutate(trimmed);
  };

  return (
    <Card>
      {source ? (
        <Alert tone="info" live={false} className="mb-5" title={_('mission.form.fromQuestion')}>
          <p className="break-words">“{source.body}”</p>
          <Link to={paths.agendaPart(source.part_id)} className="mt-1 inline-block text-sky-200 underline underline-offset-2">
            {_('mission.form.fromQuestionLink')}
          </Link>
        </Alert>
      ) : null}
      <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={editing ? _('mission.form.updateLabel') : _('mission.form.createLabel')}>
        {MISSION_FIELDS.map((field) => (
          <MissionFieldInput
            key={field}
            field={field}
            value={values[field]}
            isTouched={touched.has(field)}
            error={required.errorFor(field, FIELDS[field].kind === 'select' ? 'select' : 'text')}
            onChange={(value) => change(field, value)}
          />
        ))}
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={paths.dashboard()} className={buttonClasses('secondary')}>
            {_('mission.cancel')}
          </Link>
          <Button type="submit" busy={save.isPending} busyLabel={editing ? _('mission.form.updating') : _('mission.form.creating')}>
            {editing ? _('mission.update') : _('mission.create')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

interface MissionFieldInputProps {
  field: MissionField;
  value: string;
  /** Changed since the form opened: a filled field then shows a check instead of its asterisk. */
  isTouched: boolean;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** One field of the mission form, drawn as its kind asks: a select, a line or a text area. */
function MissionFieldInput({ field, value, isTouched, error, onChange }: MissionFieldInputProps) {
  const { _ } = useLingui();
  const spec = FIELDS[field];
  const filled = value.trim() !== '';
  const label = (
    <>
      {_(spec.label.messageId)}
      {isTouched && filled ? (
        <Check aria-hidden="true" data-testid={`touched-${field}`} className="ml-1.5 inline size-4 align-[-2px] text-emerald-300" />
      ) : null}
    </>
  );
  const common = {
    id: fieldId(field),
    error,
    name: field,
    label,
    hint: _(spec.hint.messageId),
    required: true,
    // The asterisk shows while the field is untouched, or touched but empty.
    showRequiredMark: !isTouched || !filled,
    value,
    'data-touched': isTouched ? 'true' : 'false',
  };
  if (spec.kind === 'select') {
    // The stored value stays the contract's English; the person reads it in the interface's language.
    const options = OBJECTIVES.map((objective) => ({ value: objective, label: objectiveLabel(_, objective) }));
    return <Select {...common} options={options} placeholder={_('mission.form.objectivePlaceholder')} onChange={(event) => onChange(event.target.value)} />;
  }
  if (spec.kind === 'line') {
    return <TextField {...common} maxLength={MISSION_FIELD_MAX[field]} autoComplete="off" onChange={(event) => onChange(event.target.value)} />;
  }
  return <TextAreaField {...common} rows={4} maxLength={MISSION_FIELD_MAX[field]} showCounter onChange={(event) => onChange(event.target.value)} />;
}
