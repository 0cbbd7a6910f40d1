import { describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MIN_AGE, SIGNUP_MESSAGES } from '@mc/contract';
import { renderScreen, signedIn } from '../../../test/screen';
import type { AuthContextValue } from '../../lib/auth';
import { paths } from '../../lib/paths';
import SignUpPage from './SignUpPage';

/** A date of birth `years` years before today, as the date field holds it. */
function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  return date.toISOString().slice(0, 10);
}

async function showSignUp(signUp = vi.fn<AuthContextValue['signUp']>(() => Promise.resolve({ error: null }))) {
  await renderScreen(
    <Routes>
      <Route path={paths.signUp()} element={<SignUpPage />} />
      <Route path={paths.dashboard()} element={<h1>The dashboard</h1>} />
    </Routes>,
    { auth: signedIn({ status: 'signedOut', user: null, signUp }), at: paths.signUp() },
  );
  return signUp;
}

async function fillIn(fields: { first?: string; last?: string; email?: string; born?: string; mobile?: string }) {
  if (fields.first) await userEvent.type(screen.getByRole('textbox', { name: /^First Name/ }), fields.first);
  if (fields.last) await userEvent.type(screen.getByRole('textbox', { name: /^Last Name/ }), fields.last);
  if (fields.email) await userEvent.type(screen.getByRole('textbox', { name: /^Email/ }), fields.email);
  if (fields.born) fireEvent.change(screen.getByLabelText(/^Date of Birth/), { target: { value: fields.born } });
  if (fields.mobile) await userEvent.type(screen.getByRole('textbox', { name: /^Mobile Number/ }), fields.mobile);
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

describe('the sign-up form', () => {
  it('names the first missing field under it, moves there, and creates nothing', async () => {
    const signUp = await showSignUp();
    await submit();
    const firstName = screen.getByRole('textbox', { name: /^First Name/, description: SIGNUP_MESSAGES.firstName });
    expect(document.activeElement).toBe(firstName);

    await fillIn({ first: 'Nomsa' });
    await submit();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Last Name/, description: SIGNUP_MESSAGES.lastName }));
    expect(screen.queryByRole('textbox', { description: SIGNUP_MESSAGES.firstName })).toBeNull();
    expect(signUp).not.toHaveBeenCalled();
  });

  it('refuses an address that is not one', async () => {
    const signUp = await showSignUp();
    await fillIn({ first: 'Nomsa', last: 'Xaba', email: 'nomsa.example.org' });
    await submit();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Email/, description: SIGNUP_MESSAGES.email }));
    expect(signUp).not.toHaveBeenCalled();
  });

  it(`refuses someone younger than ${MIN_AGE}, at the date of birth`, async () => {
    const signUp = await showSignUp();
    await fillIn({ first: 'Nomsa', last: 'Xaba', email: 'nomsa@example.org', born: bornYearsAgo(MIN_AGE - 1), mobile: '821234567' });
    await submit();
    expect(screen.getAllByText(SIGNUP_MESSAGES.age).length).toBeGreaterThan(0);
    expect(document.activeElement).toBe(screen.getByLabelText(/^Date of Birth/));
    expect(signUp).not.toHaveBeenCalled();
  });

  it('asks for a mobile number that is one', async () => {
    const signUp = await showSignUp();
    await fillIn({ first: 'Nomsa', last: 'Xaba', email: 'nomsa@example.org', born: bornYearsAgo(30), mobile: '12' });
    await submit();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Mobile Number/, description: new RegExp(SIGNUP_MESSAGES.mobileInvalid) }));
    expect(signUp).not.toHaveBeenCalled();
  });

  it('creates the account with the mobile number and its dial code, then opens the dashboard', async () => {
    const signUp = await showSignUp();
    const born = bornYearsAgo(30);
    await fillIn({ first: ' Nomsa ', last: 'Xaba', email: 'nomsa@example.org', born, mobile: '82 123 4567' });
    await submit();
    expect(await screen.findByRole('heading', { name: 'The dashboard' })).toBeTruthy();
    expect(signUp).toHaveBeenCalledWith({ firstName: 'Nomsa', lastName: 'Xaba', email: 'nomsa@example.org', dateOfBirth: born, mobileNumber: '+27821234567' });
  });

  it("stays on the form and says the server's refusal when the account cannot be created", async () => {
    await showSignUp(vi.fn<AuthContextValue['signUp']>(() => Promise.resolve({ error: new Error('User already registered') })));
    await fillIn({ first: 'Nomsa', last: 'Xaba', email: 'nomsa@example.org', born: bornYearsAgo(30), mobile: '821234567' });
    await submit();
    expect(await screen.findByText('User already registered')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'The dashboard' })).toBeNull();
  });
});
