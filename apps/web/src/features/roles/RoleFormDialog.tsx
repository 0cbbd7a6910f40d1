import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { MISSION_TEXT_MAX, ROLE_ARCHETYPES, ROLE_PLACES_MAX, SHORT_TEXT_MAX, type MissionRole, type RoleArchetype } from '@mc/contract';
import { Alert, Button, Dialog, Select, TextAreaField, TextField } from '../../components/ui';
import { notify } from '../../lib/notify';
import { invalidateRoles, saveRole } from './rolesApi';
import { SkillTagsField } from './SkillTagsField';
import { archetypeLabel } from './optionLabels';

interface RoleFormDialogProps {
  missionId: string;
  /** The role to edit, or null to add one. */
  role: MissionRole | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Adds or edits an open role (docs/product.md#open-roles); the server checks every rule again. */
export function RoleFormDialog({ missionId, role, open, onOpenChange }: RoleFormDialogProps) {
  const { _ } = useLingui();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={role ? _('roles.form.editTitle') : _('roles.form.addTitle')}>
      {/* Mounted afresh each time the dialog opens, so it starts from the role as it is now. */}
      {open ? <RoleForm missionId={missionId} role={role} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function RoleForm({ missionId, role, onDone }: { missionId: string; role: MissionRole | null; onDone: () => void }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(role?.title ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [skills, setSkills] = useState<string[]>(role?.skills ?? []);
  const [archetype, setArchetype] = useState(role?.archetype ?? '');
  const [places, setPlaces] = useState(String(role?.places ?? 1));
  const [errors, setErrors] = useState<{ title?: string; skills?: string; places?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const count = Number(places);
    const found = {
      ...(title.trim() === '' ? { title: _('roles.form.titleRequired') } : {}),
      ...(skills.length === 0 ? { skills: _('roles.form.skillsRequired') } : {}),
      ...(!Number.isInteger(count) || count < 1 || count > ROLE_PLACES_MAX ? { places: _('roles.form.placesRange', { max: ROLE_PLACES_MAX }) } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setFailure(null);
    try {
      await saveRole({
        p_mission_id: missionId,
        p_role_id: role?.role_id ?? null,
        p_title: title,
        p_description: description,
        p_skills: skills,
        p_archetype: archetype === '' ? null : (archetype as RoleArchetype),
        p_places: count,
      });
      await invalidateRoles(queryClient);
      notify.success(role ? _('roles.form.saved') : _('roles.form.added'));
      onDone();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : _('roles.form.saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  const archetypeOptions = [
    { value: '', label: _('roles.form.anyArchetype') },
    ...ROLE_ARCHETYPES.map((value) => ({ value, label: archetypeLabel(_, value) })),
  ];
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
      <TextField
        label={_('roles.form.title')}
        required
        value={title}
        maxLength={SHORT_TEXT_MAX}
        error={errors.title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <TextAreaField
        label={_('roles.form.description')}
        value={description}
        maxLength={MISSION_TEXT_MAX}
        showCounter
        rows={3}
        onChange={(event) => setDescription(event.target.value)}
      />
      <SkillTagsField tags={skills} onChange={setSkills} error={errors.skills} />
      <Select label={_('roles.form.archetype')} options={archetypeOptions} value={archetype} onChange={(event) => setArchetype(event.target.value)} />
      <TextField
        label={_('roles.form.places')}
        type="number"
        inputMode="numeric"
        min={1}
        max={ROLE_PLACES_MAX}
        required
        value={places}
        error={errors.places}
        onChange={(event) => setPlaces(event.target.value)}
      />
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {_('roles.form.cancel')}
        </Button>
        <Button type="submit" busy={busy} busyLabel={_('roles.form.saving')}>
          {_('roles.form.save')}
        </Button>
      </div>
    </form>
  );
}
