import { expect, test, type Page } from './support/test.ts';
import { createUser, organiserViaApi, rpc, signInAsNewOrganiser, signIn, type E2EUser } from './support/app.ts';
import { expectNoA11yViolationsEverywhere } from './support/every-look.ts';

/**
 * The room talks back (docs/product.md#questions): attendees ask and upvote in a part's details
 * while the projector reorders; a host pins, answers and hides. The sample programme's days are
 * past, so the organiser opens asking by hand, as a host would.
 */

interface Part {
  id: string;
  title: string;
}

async function openAsking(part: Part, premoderated = false): Promise<E2EUser> {
  const organiser = await organiserViaApi(await createUser());
  await rpc(organiser, 'set_part_questions', { p_part_id: part.id, p_asking: 'open', p_premoderated: premoderated });
  return organiser;
}

async function openDetails(page: Page, part: Part) {
  await page.goto(`/agenda-schedule?part=${part.id}`);
  const card = page.getByTestId('agenda-part').filter({ has: page.getByRole('heading', { name: part.title, exact: true }) });
  await card.getByRole('button', { name: /^View Full Details/ }).click();
  const dialog = page.getByRole('dialog', { name: part.title });
  await expect(dialog.getByRole('heading', { name: 'Questions' })).toBeVisible();
  return dialog;
}

const askAs = (user: E2EUser, part: Part, body: string) =>
  rpc<{ questions: { question_id: string; body: string }[] }>(user, 'ask_question', { p_part_id: part.id, p_body: body }).then(
    (answer) => answer.questions.find((question) => question.body === body)?.question_id ?? '',
  );

test('two attendees ask and upvote in a part’s details while the projector reorders the questions', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const part = { id: 's2p1', title: 'Learning That Sticks: Designing for Curiosity' };
  await openAsking(part);
  const stamp = Date.now().toString(36);
  const first = `Which habit makes learning stick? ${stamp}`;
  const second = `How do study circles start? ${stamp}`;

  const asker = await createUser({ firstName: 'Nomsa', lastName: 'Asker' });
  await signIn(page, asker);
  const dialog = await openDetails(page, part);
  await dialog.getByLabel('Your question').fill(first);
  await dialog.getByRole('button', { name: 'Ask', exact: true }).click();
  const mine = dialog.getByTestId('question').filter({ hasText: first });
  await expect(mine.getByText('You asked this')).toBeVisible();
  await expect(mine.getByText('Nomsa Asker')).toBeVisible();
  // An empty question is refused with the product's words; nothing is sent.
  await dialog.getByLabel('Your question').fill('   ');
  await dialog.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(dialog.getByText('Please write your question')).toBeVisible();
  await dialog.getByLabel('Your question').fill('');

  // The projector, on another screen.
  const other = await createUser();
  const projectorContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const projector = await projectorContext.newPage();
  await signIn(projector, other, `/live/questions/${part.id}`);
  await expect(projector.getByRole('heading', { level: 1, name: part.title })).toBeVisible();
  const rows = projector.getByTestId('projector-question');
  await expect(rows.filter({ hasText: first })).toBeVisible();

  // The second attendee asks anonymously; both then upvote the other's question.
  const secondAsker = await createUser({ firstName: 'Visible', lastName: 'Never' });
  const secondId = await rpc<{ questions: { question_id: string; body: string }[] }>(secondAsker, 'ask_question', {
    p_part_id: part.id,
    p_body: second,
    p_anonymous: true,
  }).then((answer) => answer.questions.find((question) => question.body === second)?.question_id ?? '');
  const theirs = dialog.getByTestId('question').filter({ hasText: second });
  await expect(theirs.getByText('Anonymous attendee')).toBeVisible();
  await expect(rows.first()).toContainText(first);

  await theirs.getByRole('button', { name: /^Upvote/ }).click();
  await expect(theirs.getByRole('button', { name: /^Upvote/ })).toHaveAttribute('aria-pressed', 'true');
  await rpc(other, 'vote_question', { p_question_id: secondId, p_up: true });
  // Two votes move the second question to the top of the projector, live.
  await expect(rows.first()).toContainText(second);
  await expect(rows.first()).toContainText('2');
  await expect(projector.getByText('Visible Never')).toHaveCount(0);
  // A second press takes the vote back.
  await theirs.getByRole('button', { name: /^Upvote/ }).click();
  await expect(theirs.getByRole('button', { name: /^Upvote/ })).toHaveAttribute('aria-pressed', 'false');
  await expect(rows.filter({ hasText: second })).toContainText('1');

  await expectNoA11yViolationsEverywhere(page, mine);
  await expectNoA11yViolationsEverywhere(projector, rows.first());
  await projectorContext.close();
});

test('a host pins, answers and hides on the projector with the keyboard; the asker sees the reason, others lose the question', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const part = { id: 's2p2', title: 'Civic Tech on a Shoestring' };
  const organiser = await openAsking(part);
  const stamp = Date.now().toString(36);
  const host = await createUser();
  await rpc(organiser, 'add_part_host', { p_part_id: part.id, p_email: host.email });
  const asker = await createUser();
  const firstBody = `First for the host ${stamp}`;
  const secondBody = `Second for the host ${stamp}`;
  await askAs(asker, part, firstBody);
  await askAs(asker, part, secondBody);

  await signIn(page, host, `/live/questions/${part.id}`);
  await expect(page.getByText('Keys: N next question, A mark answered, H hide.')).toBeVisible();
  await expect(page.getByText('No question is pinned yet.')).toBeVisible();
  await page.keyboard.press('n');
  const pinned = page.getByTestId('pinned-question');
  await expect(pinned).toContainText(firstBody);
  await page.keyboard.press('a');
  await expect(pinned).toHaveCount(0);
  await page.keyboard.press('n');
  await expect(pinned).toContainText(secondBody);
  await page.keyboard.press('h');
  await expect(pinned).toHaveCount(0);
  await expect(page.getByTestId('projector-question')).toHaveCount(0);

  // The asker sees their question hidden, with the reason; the host's details show the controls.
  const askerContext = await browser.newContext();
  const askerPage = await askerContext.newPage();
  await signIn(askerPage, asker);
  const askerDialog = await openDetails(askerPage, part);
  await expect(askerDialog.getByTestId('question').filter({ hasText: secondBody }).getByText('Hidden by a host: Hidden on the projector')).toBeVisible();
  await expect(askerDialog.getByTestId('question').filter({ hasText: firstBody }).getByText('Answered')).toBeVisible();
  await askerContext.close();

  const hostDialog = await openDetails(page, part);
  await expect(hostDialog.getByText('You host this part')).toBeVisible();
  const hidden = hostDialog.getByTestId('question').filter({ hasText: secondBody });
  await hidden.getByRole('button', { name: 'Show again' }).click();
  await expect(hidden.getByText(/^Hidden by a host/)).toHaveCount(0);
  await hidden.getByRole('button', { name: 'Pin' }).click();
  await expect(hidden.getByText('Being answered')).toBeVisible();
  await expectNoA11yViolationsEverywhere(page, hidden);
});

test('an organiser names a session host in the console’s programme section, and removes them', async ({ page }) => {
  test.setTimeout(240_000);
  const host = await createUser({ firstName: 'Lindiwe', lastName: 'Host' });
  await signInAsNewOrganiser(page);
  await page.goto('/organiser/programme');
  await expect(page.getByRole('heading', { name: 'Session hosts' })).toBeVisible();
  await page.getByRole('button', { name: 'Hosts of Caring for the Carers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hosts of Caring for the Carers' });
  await dialog.getByLabel('Add host by e-mail').fill('nobody.at.all@example.org');
  await dialog.getByRole('button', { name: 'Add host' }).click();
  await expect(dialog.getByText('There is no account with that e-mail address. The person must sign up first.')).toBeVisible();
  await dialog.getByLabel('Add host by e-mail').fill(host.email);
  await dialog.getByRole('button', { name: 'Add host' }).click();
  const row = dialog.getByRole('listitem').filter({ hasText: 'Lindiwe Host' });
  await expect(row).toBeVisible();
  expect(await rpc<{ part_ids: string[] }>(host, 'get_my_hosted_parts', {})).toEqual({ part_ids: ['s3p3'] });
  await expectNoA11yViolationsEverywhere(page, row);
  await row.getByRole('button', { name: `Remove ${host.email} as host` }).click();
  await expect(dialog.getByText('No hosts yet.')).toBeVisible();
});
