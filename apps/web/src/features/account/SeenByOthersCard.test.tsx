import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SeenByOthers } from '@mc/contract';
import { fakeServer, renderScreen, ServerRefusal } from '../../../test/screen';
import { SeenByOthersCard } from './SeenByOthersCard';

/** An attendee who chose to stay anonymous, without a role profile: what the server answers for them. */
const anonymous: SeenByOthers = {
  id: 'user-1',
  first_name: 'Anonymous',
  last_name: 'attendee',
  email: '',
  found_by: 'whole_email',
  search_result: null,
  team_row: { user_id: 'user-1', first_name: 'Anonymous', last_name: 'attendee', email: '' },
  role_card: null,
  has_role_profile: false,
  audiences: [
    { audience: 'attendees', first_name: 'Anonymous', last_name: 'attendee', email: '', mobile: '' },
    { audience: 'teammates', first_name: 'Anonymous', last_name: 'attendee', email: '', mobile: '' },
    { audience: 'organisers', first_name: 'Nomsa', last_name: 'Xaba', email: 'nomsa@example.org', mobile: '' },
  ],
};

const named: SeenByOthers = {
  ...anonymous,
  first_name: 'Nomsa',
  last_name: 'Xaba',
  email: 'nomsa@example.org',
  found_by: 'name_or_email',
  search_result: { id: 'user-1', first_name: 'Nomsa', last_name: 'Xaba', email: 'nomsa@example.org', accepts_additions: true },
  team_row: { user_id: 'user-1', first_name: 'Nomsa', last_name: 'Xaba', email: 'nomsa@example.org' },
  has_role_profile: true,
  audiences: [
    { audience: 'attendees', first_name: 'Nomsa', last_name: 'Xaba', email: 'nomsa@example.org', mobile: '' },
    { audience: 'teammates', first_name: 'Nomsa', last_name: 'Xaba', email: 'nomsa@example.org', mobile: '+27820000001' },
    { audience: 'organisers', first_name: 'Nomsa', last_name: 'Xaba', email: 'nomsa@example.org', mobile: '' },
  ],
};

describe('"What others see of me"', () => {
  it('says it is loading, then shows the team row as the server answers it, without an address', async () => {
    let answer: (seen: SeenByOthers) => void = () => undefined;
    fakeServer({ get_how_others_see_me: () => new Promise<SeenByOthers>((resolve) => (answer = resolve)) });
    await renderScreen(<SeenByOthersCard />);
    expect((await screen.findByRole('status')).textContent).toContain('Loading what others see');

    answer(anonymous);
    const teamRow = (await screen.findByRole('heading', { name: 'Team list and mission creator' })).parentElement as HTMLElement;
    expect(within(teamRow).getByText('Anonymous attendee')).toBeTruthy();
    expect(within(teamRow).getByText('No e-mail shown')).toBeTruthy();
    expect(screen.getByText('Not in the people search: it lists only people with a role profile.')).toBeTruthy();
    expect(screen.getByText('You have no role profile, so there is no role card.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the search result and how it is found, and a role card kept for teammates', async () => {
    fakeServer({ get_how_others_see_me: () => named });
    await renderScreen(<SeenByOthersCard />);
    const search = (await screen.findByRole('heading', { name: 'Search result' })).parentElement as HTMLElement;
    expect(within(search).getByText('Nomsa Xaba')).toBeTruthy();
    expect(within(search).getByText('Found by your name or e-mail.')).toBeTruthy();
    const roleCard = screen.getByRole('region', { name: 'Your role card as others see it' });
    expect(within(roleCard).getByText('Only your teammates can open your role card (you can change this on My Role Profile).')).toBeTruthy();
  });

  it('says why it could not load, and shows the answer after Try again', async () => {
    let refuse = true;
    const server = fakeServer({ get_how_others_see_me: () => (refuse ? new ServerRefusal('You must be signed in to do this') : anonymous) });
    await renderScreen(<SeenByOthersCard />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('You must be signed in to do this')).toBeTruthy();

    refuse = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Team list and mission creator' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.calls.map((call) => call.name)).toEqual(['get_how_others_see_me', 'get_how_others_see_me']);
  });

  it('says it needs a connection when there is none, instead of showing anything made up', async () => {
    const server = fakeServer({ get_how_others_see_me: () => named });
    server.goOffline();
    await renderScreen(<SeenByOthersCard />);
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('You are offline: this needs a connection, and nothing was sent or saved. Try again when you are back online.'),
    ).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('Nomsa Xaba')).toBeNull();
    expect(server.calls).toEqual([]);
  });
});
