import { useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import { Button, Card, CardHeader, TextAreaField, TextField } from '../../../components/ui';
import { LocaleDateField } from '../../../components/ui/LocaleDateTimeFields';
import type { Programme } from '../../conference';
import { saveProblemOf, useProgrammeChange, type SaveProblem } from './programmeApi';
import { SaveProblemAlert } from './SaveProblemAlert';

/** The conference's dates, time zone, venue and rooms. */
export function ConferenceSettingsCard({ programme }: { programme: Programme }) {
  const { _ } = useLingui();
  const { settings } = programme;
  const [startDate, setStartDate] = useState(settings.startDate);
  const [endDate, setEndDate] = useState(settings.endDate);
  const [timeZone, setTimeZone] = useState(settings.timeZone);
  const [venue, setVenue] = useState(settings.venue);
  const [venueAddress, setVenueAddress] = useState(settings.venueAddress ?? '');
  const [mapUrl, setMapUrl] = useState(settings.mapUrl ?? '');
  const [rooms, setRooms] = useState(settings.rooms.join('\n'));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const save = useProgrammeChange('save_programme_settings', _('organiser.conference.saved'));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const roomList = rooms
      .split('\n')
      .map((room) => room.trim())
      .filter(Boolean);
    save.mutate(
      {
        p_settings: {
          startDate,
          endDate,
          timeZone: timeZone.trim(),
          venue: venue.trim(),
          venueAddress: venueAddress.trim(),
          mapUrl: mapUrl.trim(),
          rooms: roomList,
        },
      },
      { onError: (error) => setProblem(saveProblemOf(error)) },
    );
  };

  return (
    <Card>
      <CardHeader title={_('organiser.conference.title')} description={_('organiser.conference.description')} />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <LocaleDateField label={_('organiser.conference.firstDay')} value={startDate} onValueChange={setStartDate} required />
          <LocaleDateField label={_('organiser.conference.lastDay')} value={endDate} onValueChange={setEndDate} required />
          <TextField
            label={_('organiser.conference.timeZone')}
            value={timeZone}
            onChange={(event) => setTimeZone(event.target.value)}
            hint={_('organiser.conference.timeZoneHint')}
            required
          />
          <TextField label={_('organiser.conference.venue')} value={venue} onChange={(event) => setVenue(event.target.value)} />
          <TextField
            label={_('organiser.conference.venueAddress')}
            value={venueAddress}
            onChange={(event) => setVenueAddress(event.target.value)}
            autoComplete="off"
          />
          <TextField
            label={_('organiser.conference.mapLink')}
            type="url"
            value={mapUrl}
            onChange={(event) => setMapUrl(event.target.value)}
            hint={_('organiser.conference.mapLinkHint')}
          />
        </div>
        <TextAreaField
          label={_('organiser.conference.rooms')}
          rows={3}
          value={rooms}
          onChange={(event) => setRooms(event.target.value)}
          hint={_('organiser.conference.roomsHint')}
        />
        <SaveProblemAlert problem={problem} />
        <Button type="submit" busy={save.isPending} busyLabel={_('organiser.common.saving')} className="self-start">
          {_('organiser.conference.save')}
        </Button>
      </form>
    </Card>
  );
}
