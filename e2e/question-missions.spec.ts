import { expect, test, type Browser, type Page } from './support/test.ts';
import { createUser, organiserViaApi, rpc, signIn, withRoleProfile, type E2EUser } from './support/app.ts';
import { expectNoA11yViolationsEverywhere } from './support/every-look.ts';

/**
 * The room's questions, one step further (docs/product.md#missions-from-questions,
 * docs/product.md#questions): a question becomes a mission through the ordinary mission form,
 * filled in; the part's questions and its projector count it live; the upvoter's bell says so.
 * And the part's poll beside its questions on the projector, following opening, answers and the
 * close without a reload. Each journey has its own part of the sample programme (whose days are
 * past, so an organiser opens asking by hand).
 */

interface Part {
  id: string;
  title: string;
}

async function openDetails(page: Page, part: Part) {
  await page.goto(`/agenda-schedule?part=${part.id}`);
  const card = page.getByTestId('agenda-part').filter({ has: page.getByRole('heading', { name: part.title, exact: true }) });
  await card.getByRole('button', { name: /^View Full Details/ }).click();
  const dialog = page.getByRole('dialog', { name: part.title });
  await expect(dialog.getByRole('heading', { name: 'Questions' })).toBeVisible();
  return dialog;
}

async function signedInPage(browser: Browser, user: E2EUser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

test('an attendee starts a mission from their question: the form is filled in, the part and the projector count it, the upvoter is told', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const part = { id: 's4p2', title: 'Building Businesses That Lift a Township' };
  const organiser = await organiserViaApi(await createUser());
  await rpc(organiser, 'set_part_questions', { p_part_id: part.id, p_asking: 'open', p_premoderated: false });
  const stamp = Date.now().toString(36);
  const body = `Who lends to the township's first bakery? ${stamp}`;
  const asker = await withRoleProfile(await createUser({ firstName: 'Thandi', lastName: 'Asker' }));
  const upvoter = await createUser({ firstName: 'Uri', lastName: 'Upvoter' });
  const asked = await rpc<{ questions: { question_id: string; body: string }[] }>(asker, 'ask_question', { p_part_id: part.id, p_body: body });
  const questionId = asked.questions.find((question) => question.body === body)?.question_id ?? '';
  await rpc(upvoter, 'vote_question', { p_question_id: questionId, p_up: true });

  // The upvoter's app and the projector are open while it happens.
  const upvoterPage = await signedInPage(browser, upvoter);
  const projector = await signedInPage(browser, await createUser(), { width: 1920, height: 1080 });
  await projector.goto(`/live/questions/${part.id}`);
  await expect(projector.getByRole('heading', { level: 1, name: part.title })).toBeVisible();
  await expect(projector.getByTestId('projector-question').filter({ hasText: body })).toBeVisible();
  await expect(projector.getByTestId('missions-started')).toHaveCount(0);

  await signIn(page, asker);
  const dialog = await openDetails(page, part);
  const mine = dialog.getByTestId('question').filter({ hasText: body });
  const start = mine.getByRole('link', { name: 'Start a mission from this question' });
  // Reached with the keyboard like every other control.
  await start.focus();
  await expect(start).toBeFocused();
  await expectNoA11yViolationsEverywhere(page, start);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`/create-mission\\?question=${questionId}$`));
  await expect(page.getByRole('heading', { name: 'Create a Mission' })).toBeVisible();
  await expect(page.getByLabel('Problem Being Solved')).toHaveValue(body);
  const origin = page.getByRole('link', { name: 'Back to the session and its questions' });
  await expect(origin).toHaveAttribute('href', `/agenda-schedule?part=${part.id}`);
  await expectNoA11yViolationsEverywhere(page, origin);

  const name = `Township Bakery ${stamp}`;
  await page.getByLabel('Mission Name').fill(name);
  await page.getByLabel('Shared Intention').fill('Bread baked and sold in the township');
  await page.getByLabel('Objective or Focus').selectOption('Life & Well-being');
  await page.getByLabel('Mission Statement').fill('We find lenders for small bakeries');
  await page.getByLabel('Core Message').fill('Bread first');
  await page.getByLabel('First Team Action').fill('Meet three lenders');
  await page.getByRole('button', { name: 'Create Mission' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Mission created' })).toBeVisible();

  // The projector counts it without a reload, and so does the part's questions screen.
  await expect(projector.getByTestId('missions-started')).toHaveText('Missions started here: 1');
  const again = await openDetails(page, part);
  await expect(again.getByTestId('missions-started')).toHaveText('Missions started here: 1');
  await expectNoA11yViolationsEverywhere(projector, projector.getByTestId('missions-started'));

  // The upvoter's bell has it, live.
  const bell = upvoterPage.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  const panel = upvoterPage.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText(`Thandi Asker started the mission “${name}” from a question you upvoted: “${body}”.`)).toBeVisible();
  await upvoterPage.context().close();
  await projector.context().close();
});

test('the part’s poll shows beside its questions on the projector, and follows the opening, the answers and the close', async ({ page }) => {
  test.setTimeout(240_000);
  const part = { id: 's4p3', title: 'Money With a Mission' };
  const organiser = await organiserViaApi(await createUser());
  const question = `Where should the fund invest first? (${Date.now().toString(36)})`;
  const created = await rpc<{ polls: { poll_id: string; question: string }[] }>(organiser, 'create_poll', {
    p_part_id: part.id,
    p_kind: 'single',
    p_question: question,
    p_options: ['Bakeries', 'Taxis'],
  });
  const pollId = created.polls.find((poll) => poll.question === question)?.poll_id ?? '';

  await signIn(page, await createUser());
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.goto(`/live/questions/${part.id}`);
  await expect(page.getByRole('heading', { level: 1, name: part.title })).toBeVisible();
  // A poll that is not open yet is not shown.
  await expect(page.getByTestId('poll-on-projector')).toHaveCount(0);

  await rpc(organiser, 'open_poll', { p_poll_id: pollId });
  const onScreen = page.getByTestId('poll-on-projector');
  await expect(onScreen.getByRole('heading', { name: question })).toBeVisible();
  await expect(onScreen.getByText('Poll open: answer on your phone')).toBeVisible();
  await expect(onScreen.getByText('0 people answered')).toBeVisible();

  await rpc(await createUser(), 'answer_poll', { p_poll_id: pollId, p_choices: [1] });
  await expect(onScreen.getByText('1 person answered')).toBeVisible();
  await expect(onScreen.getByRole('listitem').filter({ hasText: 'Taxis' })).toContainText('1 answer · 100%');

  await rpc(organiser, 'close_poll', { p_poll_id: pollId });
  await expect(onScreen.getByText('Poll closed: the result')).toBeVisible();
  await expectNoA11yViolationsEverywhere(page, onScreen.getByText('Poll closed: the result'));
});
