import { expect, it } from 'vitest';
import sharp from 'sharp';
import { PROGRESS_AUDIT_KINDS, PROGRESS_MESSAGES, type Mission, type MissionUpdate, type UploadedPhoto } from '@mc/contract';
import { createMission, signUpLeader, UNKNOWN_ID } from '../../../test/factories.ts';
import { describeEachDatabase, signUpUser, untyped, type TestServer, type TestUser } from '../../../test/harness.ts';
import { bell, callAs, follow } from '../../../test/notifications.ts';
import { expectOrganiserOnly, signUpOrganiser } from '../../../test/organisers.ts';

/*
 * Missions after the conference (docs/product.md#mission-updates): updates and who is told, the
 * edit window, photos re-encoded without metadata, bad input refused with nothing changed,
 * moderation, account deletion, status and milestones on the list, and the public page.
 */

/** A JPEG with a camera make and a GPS position in its EXIF, as a phone writes one. */
async function photoWithLocation(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 55/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '18/1 25/1 3/1' },
    })
    .toBuffer();
}

async function upload(server: TestServer, user: TestUser | null, body: Buffer, type = 'image/jpeg'): Promise<Response> {
  return fetch(`${server.url}/content/v1/update-photos`, {
    method: 'POST',
    headers: { 'content-type': type, ...(user ? { authorization: `Bearer ${user.session.access_token}` } : {}) },
    body: new Uint8Array(body),
  });
}

async function post(user: TestUser, missionId: string, extra: Record<string, unknown> = {}) {
  return untyped(user.client).rpc('post_mission_update', { p_mission_id: missionId, p_title: 'Week one', p_text: 'We met at the library.', ...extra });
}

async function updatesOf(user: TestUser, missionId: string): Promise<MissionUpdate[]> {
  const { data, error } = await user.client.rpc('get_mission_updates', { p_mission_id: missionId });
  expect(error).toBeNull();
  return data ?? [];
}

async function countUpdates(server: TestServer, missionId: string): Promise<number> {
  const [row] = await server.db.query<{ n: number }>('select count(*)::int as n from mission_updates where mission_id = $1', [missionId]);
  return row?.n ?? 0;
}

describeEachDatabase('mission updates, status, milestones and the public page', (server) => {
  it('an owner posts an update with a photo: followers and the team are told, newest first, the photo stored without its location', async () => {
    const { owner, mission } = await createMission(server(), {}, { firstName: 'Olwethu', lastName: 'Owner' });
    const follower = await signUpUser(server());
    const member = await signUpUser(server());
    await follow(follower, mission.mission_id);
    await callAs(owner, 'add_mission_member', { p_mission_id: mission.mission_id, p_user_id: member.user.id });

    const original = await photoWithLocation();
    expect((await sharp(original).metadata()).exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const uploaded = await upload(server(), owner, original);
    expect(uploaded.status).toBe(201);
    const photo = (await uploaded.json()) as UploadedPhoto;
    expect(photo.url).toBe(`/content/v1/update-photos/${photo.photo_id}.jpg`);

    // The stored bytes: a JPEG with no EXIF (no GPS), no XMP, no camera.
    const [stored] = await server().db.query<{ bytes: Uint8Array }>('select bytes from update_photos where photo_id = $1', [photo.photo_id]);
    const bytes = Buffer.from(stored!.bytes);
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
    expect(bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);

    const first = await post(owner, mission.mission_id, { p_title: 'First', p_photo_id: photo.photo_id, p_link: 'https://example.org/notes' });
    expect(first.error).toBeNull();
    const second = await post(owner, mission.mission_id, { p_title: 'Second' });
    expect(second.error).toBeNull();

    const seen = await updatesOf(follower, mission.mission_id);
    expect(seen.map((update) => update.title)).toEqual(['Second', 'First']);
    expect(seen[1]).toMatchObject({
      photo_url: photo.url,
      link: 'https://example.org/notes',
      author_name: 'Olwethu Owner',
      can_edit: false,
      can_delete: false,
    });
    expect((await updatesOf(owner, mission.mission_id))[0]).toMatchObject({ can_edit: true, can_delete: true });

    const served = await fetch(`${server().url}${photo.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await served.arrayBuffer()).includes(Buffer.from('Exif'))).toBe(false);

    for (const reader of [follower, member]) {
      const items = (await bell(reader)).items.filter((item) => item.kind === 'mission_update');
      expect(items.map((item) => item.text)).toEqual([
        `Olwethu Owner posted an update on “${mission.name}”: “Second”`,
        `Olwethu Owner posted an update on “${mission.name}”: “First”`,
      ]);
      expect(items[0]?.mission_id).toBe(mission.mission_id);
    }
    expect((await bell(owner)).items.some((item) => item.kind === 'mission_update')).toBe(false);
  });

  it('only owners and co-owners post, edit and delete; an update is edited only within a day', async () => {
    const { owner, mission } = await createMission(server());
    const member = await signUpUser(server());
    const stranger = await signUpUser(server());
    await callAs(owner, 'add_mission_member', { p_mission_id: mission.mission_id, p_user_id: member.user.id });

    for (const caller of [member, stranger]) {
      const refused = await post(caller, mission.mission_id);
      expect(refused.status).toBe(403);
      expect(refused.error?.message).toBe(PROGRESS_MESSAGES.ownersOnly);
    }
    expect(await countUpdates(server(), mission.mission_id)).toBe(0);

    const posted = (await callAs(owner, 'post_mission_update', { p_mission_id: mission.mission_id, p_title: 'Draft', p_text: 'x' })) as MissionUpdate;
    const byMember = await untyped(member.client).rpc('edit_mission_update', { p_update_id: posted.update_id, p_title: 'Mine now', p_text: '' });
    expect(byMember.status).toBe(403);
    expect((await untyped(member.client).rpc('delete_mission_update', { p_update_id: posted.update_id })).status).toBe(403);

    // A co-owner may edit.
    await callAs(owner, 'add_mission_member', { p_mission_id: mission.mission_id, p_user_id: stranger.user.id });
    await server().db.query('update mission_members set is_co_owner = true where mission_id = $1 and user_id = $2', [mission.mission_id, stranger.user.id]);
    const edited = (await callAs(stranger, 'edit_mission_update', { p_update_id: posted.update_id, p_title: 'Final', p_text: 'Done' })) as MissionUpdate;
    expect(edited).toMatchObject({ title: 'Final', text: 'Done' });
    expect(edited.edited_at).not.toBeNull();

    // A day later it can no longer be edited (nothing changes), but still deleted.
    await server().db.query(`update mission_updates set created_at = now() - interval '25 hours' where update_id = $1`, [posted.update_id]);
    const late = await untyped(owner.client).rpc('edit_mission_update', { p_update_id: posted.update_id, p_title: 'Too late', p_text: '' });
    expect(late.error?.message).toBe(PROGRESS_MESSAGES.editWindowOver);
    expect((await updatesOf(owner, mission.mission_id))[0]).toMatchObject({ title: 'Final', can_edit: false, can_delete: true });
    expect(await callAs(owner, 'delete_mission_update', { p_update_id: posted.update_id })).toBeNull();
    expect(await countUpdates(server(), mission.mission_id)).toBe(0);
    const gone = await untyped(owner.client).rpc('delete_mission_update', { p_update_id: posted.update_id });
    expect(gone.error?.message).toBe(PROGRESS_MESSAGES.updateNotFound);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const { owner, mission } = await createMission(server());
    const other = await signUpUser(server());

    const big = Buffer.concat([await photoWithLocation(), Buffer.alloc(10 * 1024 * 1024, 1)]);
    const tooBig = await upload(server(), owner, big);
    expect(tooBig.status).toBe(400);
    expect(((await tooBig.json()) as { message: string }).message).toBe(PROGRESS_MESSAGES.photoTooLarge);
    const notImage = await upload(server(), owner, Buffer.from('%PDF-1.7 not a photo at all'), 'application/pdf');
    expect(notImage.status).toBe(400);
    expect(((await notImage.json()) as { message: string }).message).toBe(PROGRESS_MESSAGES.photoNotImage);
    const svg = await upload(server(), owner, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/svg+xml');
    expect(svg.status).toBe(400);
    expect((await upload(server(), null, await photoWithLocation())).status).toBe(401);
    const [photos] = await server().db.query<{ n: number }>('select count(*)::int as n from update_photos where uploaded_by = $1', [owner.user.id]);
    expect(photos?.n).toBe(0);

    const cases: [Record<string, unknown>, string][] = [
      [{ p_link: 'http://example.org' }, PROGRESS_MESSAGES.linkNotHttps],
      [{ p_link: 'javascript:alert(1)' }, PROGRESS_MESSAGES.linkNotHttps],
      [{ p_text: 'x'.repeat(2001) }, PROGRESS_MESSAGES.textTooLong],
      [{ p_title: '   ' }, PROGRESS_MESSAGES.titleRequired],
      [{ p_title: 't'.repeat(121) }, PROGRESS_MESSAGES.titleTooLong],
    ];
    for (const [params, message] of cases) {
      const refused = await post(owner, mission.mission_id, params);
      expect(refused.error?.message, JSON.stringify(params).slice(0, 60)).toBe(message);
    }
    // A megabyte of text is refused before it is read.
    const huge = await post(owner, mission.mission_id, { p_text: 'x'.repeat(1024 * 1024) });
    expect(huge.status).toBe(413);
    // Someone else's photo cannot be attached.
    const othersPhoto = (await (await upload(server(), other, await photoWithLocation())).json()) as UploadedPhoto;
    const stolen = await post(owner, mission.mission_id, { p_photo_id: othersPhoto.photo_id });
    expect(stolen.error?.message).toBe(PROGRESS_MESSAGES.photoNotFound);
    expect(await countUpdates(server(), mission.mission_id)).toBe(0);
  });

  it('organisers hide an update with a reason: only the team and organisers still see it, and it is audited', async () => {
    const { owner, mission } = await createMission(server());
    const follower = await signUpUser(server());
    const organiser = await signUpOrganiser(server());
    const photo = (await (await upload(server(), owner, await photoWithLocation())).json()) as UploadedPhoto;
    const posted = (await callAs(owner, 'post_mission_update', {
      p_mission_id: mission.mission_id,
      p_title: 'Call me',
      p_text: '082 000 0000',
      p_photo_id: photo.photo_id,
    })) as MissionUpdate;
    await expectOrganiserOnly(server(), 'hide_mission_update', { p_update_id: posted.update_id, p_reason: 'A phone number' });

    const empty = await untyped(organiser.client).rpc('hide_mission_update', { p_update_id: posted.update_id, p_reason: '' });
    expect(empty.error?.message).toBe(PROGRESS_MESSAGES.hideReasonRequired);
    const hidden = (await callAs(organiser, 'hide_mission_update', { p_update_id: posted.update_id, p_reason: 'A phone number' })) as MissionUpdate;
    expect(hidden.hidden_reason).toBe('A phone number');
    expect(await updatesOf(follower, mission.mission_id)).toEqual([]);
    expect((await updatesOf(owner, mission.mission_id))[0]?.hidden_reason).toBe('A phone number');
    expect((await fetch(`${server().url}${photo.url}`)).status).toBe(404);
    const [audit] = await server().db.query<{ kind: string; subject: string }>('select kind, subject from audit_log where kind = $1 order by id desc limit 1', [
      PROGRESS_AUDIT_KINDS.updateHidden,
    ]);
    expect(audit).toEqual({ kind: PROGRESS_AUDIT_KINDS.updateHidden, subject: 'Call me' });

    await callAs(organiser, 'unhide_mission_update', { p_update_id: posted.update_id });
    expect((await updatesOf(follower, mission.mission_id)).map((update) => update.title)).toEqual(['Call me']);
    const again = await untyped(organiser.client).rpc('unhide_mission_update', { p_update_id: posted.update_id });
    expect(again.error?.message).toBe(PROGRESS_MESSAGES.notHidden);
  });

  it('a deleted account’s updates pass to the co-owner with the mission, or go with the account', async () => {
    const { owner, mission } = await createMission(server());
    const coOwner = await signUpLeader(server(), { firstName: 'Thandi', lastName: 'Heir' });
    await callAs(owner, 'add_mission_member', { p_mission_id: mission.mission_id, p_user_id: coOwner.user.id });
    await server().db.query('update mission_members set is_co_owner = true where mission_id = $1 and user_id = $2', [mission.mission_id, coOwner.user.id]);
    const photo = (await (await upload(server(), owner, await photoWithLocation())).json()) as UploadedPhoto;
    await callAs(owner, 'post_mission_update', { p_mission_id: mission.mission_id, p_title: 'Handed on', p_text: '', p_photo_id: photo.photo_id });

    const { owner: lonely, mission: lonelyMission } = await createMission(server());
    await callAs(lonely, 'post_mission_update', { p_mission_id: lonelyMission.mission_id, p_title: 'Alone', p_text: '' });

    for (const leaving of [owner, lonely]) {
      const { error } = await untyped(leaving.client).rpc('delete_my_account', { p_email: leaving.email });
      expect(error).toBeNull();
    }
    const kept = await updatesOf(coOwner, mission.mission_id);
    expect(kept.map((update) => [update.title, update.author_name])).toEqual([['Handed on', 'Thandi Heir']]);
    expect((await fetch(`${server().url}${photo.url}`)).status).toBe(200);
    expect(await countUpdates(server(), lonelyMission.mission_id)).toBe(0);
  });

  it('owners set the status (a reason unless active) and up to five milestones, shown in the list and the details', async () => {
    const { owner, mission } = await createMission(server());
    const reader = await signUpUser(server());
    expect(mission).toMatchObject({ status: 'active', status_reason: null, milestones: [], public_slug: null });

    const noReason = await untyped(owner.client).rpc('set_mission_status', { p_mission_id: mission.mission_id, p_status: 'paused' });
    expect(noReason.error?.message).toBe(PROGRESS_MESSAGES.reasonRequired);
    const byReader = await untyped(reader.client).rpc('set_mission_status', { p_mission_id: mission.mission_id, p_status: 'stopped', p_reason: 'x' });
    expect(byReader.status).toBe(403);
    await callAs(owner, 'set_mission_status', { p_mission_id: mission.mission_id, p_status: 'completed', p_reason: 'The wells are mapped' });

    const six = Array.from({ length: 6 }, (_, index) => ({ text: `Step ${index + 1}`, done: false }));
    const tooMany = await untyped(owner.client).rpc('set_mission_milestones', { p_mission_id: mission.mission_id, p_milestones: six });
    expect(tooMany.error?.message).toBe(PROGRESS_MESSAGES.tooManyMilestones);
    const milestones = [
      { text: 'Map the wells', done: true },
      { text: 'Test the water', done: false },
    ];
    await callAs(owner, 'set_mission_milestones', { p_mission_id: mission.mission_id, p_milestones: milestones });

    const { data: list } = await reader.client.rpc('get_mission_list', {});
    const listed = list?.missions.find((row: Mission) => row.mission_id === mission.mission_id);
    expect(listed).toMatchObject({ status: 'completed', status_reason: 'The wells are mapped', milestones });
    const { data: details } = await reader.client.rpc('get_mission_details', { p_mission_id: mission.mission_id, p_user_id: reader.user.id });
    expect(details?.mission).toMatchObject({ status: 'completed', milestones });

    await callAs(owner, 'set_mission_status', { p_mission_id: mission.mission_id, p_status: 'active', p_reason: 'ignored' });
    const { data: after } = await reader.client.rpc('get_mission_list', {});
    expect(after?.missions.find((row: Mission) => row.mission_id === mission.mission_id)).toMatchObject({ status: 'active', status_reason: null });
  });

  it('the public page: off by default, unique address, readable signed out with no hidden name, gone when unpublished or hidden', async () => {
    const { owner, mission } = await createMission(server(), { p_statement: 'Clean water for every school.' }, { firstName: 'Sharing', lastName: 'Owner' });
    await owner.client.auth.updateUser({ data: { anonymity_choice_made: true } });
    const anonymous = await signUpUser(server(), { firstName: 'Zephyrine', lastName: 'Quillbottom' });
    await anonymous.client.auth.updateUser({ data: { is_anonymous: true, anonymity_choice_made: true } });
    const undecided = await signUpUser(server(), { firstName: 'Undecided', lastName: 'Person' });
    for (const member of [anonymous, undecided]) await callAs(owner, 'add_mission_member', { p_mission_id: mission.mission_id, p_user_id: member.user.id });
    const page = () => fetch(`${server().url}/m/clean-water`);
    expect((await page()).status).toBe(404);

    const bad = await untyped(owner.client).rpc('set_mission_public_page', { p_mission_id: mission.mission_id, p_slug: 'No Spaces!' });
    expect(bad.error?.message).toBe(PROGRESS_MESSAGES.slugInvalid);
    expect(await callAs(owner, 'set_mission_public_page', { p_mission_id: mission.mission_id, p_slug: 'clean-water' })).toEqual({ slug: 'clean-water' });
    const { owner: rival, mission: rivalMission } = await createMission(server());
    const taken = await untyped(rival.client).rpc('set_mission_public_page', { p_mission_id: rivalMission.mission_id, p_slug: 'clean-water' });
    expect(taken.error?.message).toBe(PROGRESS_MESSAGES.slugTaken);
    const byMember = await untyped(anonymous.client).rpc('set_mission_public_page', { p_mission_id: mission.mission_id, p_slug: null });
    expect(byMember.status).toBe(403);

    const photo = (await (await upload(server(), owner, await photoWithLocation())).json()) as UploadedPhoto;
    await callAs(owner, 'post_mission_update', {
      p_mission_id: mission.mission_id,
      p_title: 'Pumps <b>fixed</b>',
      p_text: 'Two schools.',
      p_photo_id: photo.photo_id,
    });
    await callAs(owner, 'set_mission_milestones', { p_mission_id: mission.mission_id, p_milestones: [{ text: 'First pump', done: true }] });

    const answer = await page();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const text = await answer.text();
    expect(text).toContain(`<meta property="og:title" content="${mission.name}">`);
    // The app's icon, so a browser does not ask for a /favicon.ico there is none of.
    expect(text).toContain('<link rel="icon" type="image/svg+xml" href="/logo.svg">');
    expect(text).toContain('<meta property="og:description" content="Clean water for every school.">');
    expect(text).toContain(`<meta property="og:image" content="${server().url}${photo.url}">`);
    expect(text).toContain('A team of 3: Sharing Owner and 2 more.');
    expect(text).toContain('Pumps &lt;b&gt;fixed&lt;/b&gt;');
    expect(text).toContain('First pump');
    expect(text).toContain('@media print');
    expect(text).not.toMatch(/<script/i);
    for (const hidden of ['Zephyrine', 'Quillbottom', 'Undecided', anonymous.email, owner.email, '+2782']) expect(text).not.toContain(hidden);
    expect(text.length).toBeLessThan(10_000);

    const organiser = await signUpOrganiser(server());
    await callAs(organiser, 'hide_mission', { p_mission_id: mission.mission_id, p_reason: 'Checking' });
    expect((await page()).status).toBe(404);
    await callAs(organiser, 'unhide_mission', { p_mission_id: mission.mission_id });
    expect((await page()).status).toBe(200);
    await callAs(owner, 'set_mission_public_page', { p_mission_id: mission.mission_id, p_slug: null });
    expect((await page()).status).toBe(404);
    expect((await untyped(owner.client).rpc('get_mission_updates', { p_mission_id: UNKNOWN_ID })).data).toEqual([]);
  });
});
