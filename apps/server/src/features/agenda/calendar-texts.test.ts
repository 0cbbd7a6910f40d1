import { expect, it } from 'vitest';
import type { ProgrammeSession } from '@mc/contract';
import { describeEachDatabase, signUpUser, untyped } from '../../../test/harness.ts';
import { signUpOrganiser } from '../../../test/organisers.ts';
import { publishNow } from '../../../test/programme.ts';
import { asRead, hostileText, readCalendar } from '../../../test/calendar-texts.ts';

describeEachDatabase('calendar files with texts an organiser typed', (server) => {
  it('keeps new lines and the characters iCalendar escapes inside their own property, in the download and the subscription', async () => {
    const organiser = await signUpOrganiser(server());
    // A part names speakers of the programme's list: add two with hostile names first.
    for (const id of ['speaker-one', 'speaker-two']) {
      const speaker = { id, name: hostileText(id), designation: hostileText('designation'), about: hostileText('about'), profilePicURL: '' };
      expect((await untyped(organiser.client).rpc('save_speaker', { p_original_id: null, p_speaker: speaker })).error).toBeNull();
    }
    const session: ProgrammeSession = {
      sessionNumber: 41,
      day: 2,
      sessionTitle: hostileText('session'),
      startTime: '20:00',
      endTime: '21:00',
      parts: [
        {
          id: 'hostile-part',
          title: hostileText('title'),
          type: 'TALK',
          startTime: '20:00',
          endTime: '20:30',
          speaker: '',
          speakers: [{ name: hostileText('speaker-one') }, { name: hostileText('speaker-two') }],
          description: hostileText('description'),
        },
        {
          id: 'hostile-line',
          title: 'Plain title',
          type: 'PANEL',
          startTime: '20:30',
          endTime: '21:00',
          speaker: hostileText('speaker-line'),
          speakers: [],
          description: 'Plain',
        },
      ],
    };
    const saved = await organiser.client.rpc('save_session', { p_original_number: null, p_session: session });
    expect(saved.error).toBeNull();
    await publishNow(organiser, 'A session with texts an organiser typed');
    const [withSpeakers] = session.parts as [ProgrammeSession['parts'][number]];
    const host = new URL(server().url).host;

    const { client } = await signUpUser(server());
    // One part: the calendar is named after the part's title.
    const one = await client.rpc('get_agenda_calendar', { p_part_id: 'hostile-part' });
    expect(one.error).toBeNull();
    const plainOne = await client.rpc('get_agenda_calendar', { p_part_id: 's1p1' });
    const read = readCalendar(one.data!.ics);
    expect(one.data!.ics).not.toMatch(/\r\n(ATTACH|X-EVIL)/);
    expect(read.properties).toEqual(readCalendar(plainOne.data!.ics).properties);
    expect(read.eventProperties).toEqual(readCalendar(plainOne.data!.ics).eventProperties);
    expect(read.name).toBe(asRead(withSpeakers.title));
    expect(read.calname).toBe(asRead(withSpeakers.title));
    expect(read.events).toEqual([
      {
        uid: `hostile-part@${host}`,
        summary: asRead(withSpeakers.title),
        description: asRead(
          `Session 41: ${session.sessionTitle}\nSpeakers: ${withSpeakers.speakers.map((person) => person.name).join(', ')}\n\n${withSpeakers.description}`,
        ),
      },
    ]);

    // The whole programme and the subscription address: every event keeps the properties of a plain one.
    const all = await client.rpc('get_agenda_calendar', {});
    await client.rpc('set_agenda_favourite', { p_part_id: 'hostile-line', p_starred: true });
    await client.rpc('set_agenda_favourite', { p_part_id: 'hostile-part', p_starred: true });
    const feed = (await client.rpc('create_calendar_feed', {})).data!;
    for (const ics of [all.data!.ics, await (await fetch(feed.https_url)).text()]) {
      expect(ics).not.toMatch(/\r\n(ATTACH|X-EVIL)/);
      const calendar = readCalendar(ics);
      const plain = calendar.eventProperties[calendar.events.findIndex((event) => event.summary === 'Plain title')];
      expect(plain).toBeDefined();
      for (const properties of calendar.eventProperties) expect(properties).toEqual(plain);
      expect(calendar.events.find((event) => event.uid === `hostile-line@${host}`)?.description).toContain(`Panel: ${asRead(hostileText('speaker-line'))}`);
    }
  });
});
