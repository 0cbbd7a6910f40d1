import { useState, type FormEvent } from 'react';
import { Button, Card, CardHeader, TextAreaField, TextField } from '../../../components/ui';
import { LocaleDateField } from '../../../components/ui/LocaleDateTimeFields';
import type { Programme } from '../../conference';
import { saveProblemOf, useProgrammeChange, type SaveProblem } from './programmeEditing';
import { SaveProblemAlert } from './SaveProblemAlert';

/** The conference's dates, time zone, venue and rooms. */
export function ConferenceSettingsCard({ programme }: { programme: Programme }) {
  const { settings } = programme;
  const [startDate, setStartDate] = useState(settings.startDate);
  const [endDate, setEndDate] = useState(settings.endDate);
  const [timeZone, setTimeZone] = useState(settings.timeZone);
  const [venue, setVenue] = useState(settings.venue);
  const [venueAddress, setVenueAddress] = useState(settings.venueAddress ?? '');
  const [mapUrl, setMapUrl] = useState(settings.mapUrl ?? '');
  const [rooms, setRooms] = useState(settings.rooms.join('\n'));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const save = useProgrammeChange('save_programme_settings', 'Conference details saved');

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
      <CardHeader
        title="Conference"
        description="Dates, the venue's time zone (the agenda's times are wall-clock times there), the venue, its address and map link, and its rooms."
      />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <LocaleDateField label="First day" value={startDate} onValueChange={setStartDate} required />
          <LocaleDateField label="Last day" value={endDate} onValueChange={setEndDate} required />
          <TextField
            label="Time zone"
            value={timeZone}
            onChange={(event) => setTimeZone(event.target.value)}
            hint='An IANA time zone such as "Africa/Johannesburg".'
            required
          />
          <TextField label="Venue" value={venue} onChange={(event) => setVenue(event.target.value)} />
          <TextField label="Venue address" value={venueAddress} onChange={(event) => setVenueAddress(event.target.value)} autoComplete="off" />
          <TextField
            label="Map link"
            type="url"
            value={mapUrl}
            onChange={(event) => setMapUrl(event.target.value)}
            hint="An https:// address of the venue on a map. Attendees see it as a plain link; nothing opens by itself."
          />
        </div>
        <TextAreaField
          label="Rooms"
          rows={3}
          value={rooms}
          onChange={(event) => setRooms(event.target.value)}
          hint="One room per line. Parts may name one; it is optional."
        />
        <SaveProblemAlert problem={problem} />
        <Button type="submit" busy={save.isPending} busyLabel="Saving..." className="self-start">
          Save conference details
        </Button>
      </form>
    </Card>
  );
}
