import { z } from '@mc/contract/zod.ts';
import { isValidEmailAddress, SIGNUP_MESSAGES } from '@mc/contract';
import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { AuthError } from '../http/errors.ts';
import { accountLanguage } from '../i18n/language.ts';
import { wordingIn } from '../i18n/translate.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Window } from './rate-limit.ts';
import type { SessionIssuer } from './sessions.ts';
import { newOpaqueToken, sha256 } from './tokens.ts';
import type { TrustedDevices } from './trusted-devices.ts';

/** An answer that may also make the browser a trusted device (`trusted-devices.ts`): its token, for the cookie. */
export interface WithDevice<T> {
  result: T;
  device: string | null;
}

/**
 * Getting back in by mail (docs/security.md#getting-back-in): the reset link, mailed at most once
 * per interval per account, and the link itself, which signs the browser in and trusts it.
 */
export class AccountRecovery {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly mailer: Mailer,
    private readonly sessions: SessionIssuer,
    private readonly devices: TrustedDevices,
    private readonly windows: { recoveryAddress: Window; accountFailures: Window },
    private readonly limit: (window: Window, subject: string, message: string) => Promise<void>,
  ) {}

  /** Always answers the same, whether or not the address has an account. */
  async recover(body: unknown, redirectTo: string | undefined, address: string): Promise<void> {
    const input = z.object({ email: z.string().max(320) }).safeParse(body);
    if (!input.success || !isValidEmailAddress(input.data.email.trim())) throw new AuthError(400, 'validation_failed', SIGNUP_MESSAGES.email);
    await this.limit(this.windows.recoveryAddress, address, 'Too many reset requests from this network. Please try again later.');
    const email = input.data.email.trim().toLowerCase();
    // At most one mail per account every RECOVERY_MAIL_INTERVAL_MINUTES, whoever asks: someone
    // asking for another person's account cannot use up that person's way back in, because a link
    // mailed less than the interval ago (valid for an hour) is already in the owner's mailbox.
    // One statement, so requests racing each other send one mail between them.
    const rows = await this.db.query<{ id: string; email: string; language: string | null }>(
      `update users set recovery_mail_at = now()
        where lower(email) = $1 and (recovery_mail_at is null or recovery_mail_at <= now() - make_interval(mins => $2::int))
        returning id, email, user_metadata->>'language' as language`,
      [email, this.config.RECOVERY_MAIL_INTERVAL_MINUTES],
    );
    const user = rows[0];
    if (!user) return;
    const token = newOpaqueToken();
    await this.db.query(`insert into recovery_tokens (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 hour')`, [sha256(token), user.id]);
    const link = `${this.sessions.issuer}/verify?${new URLSearchParams({ token, type: 'recovery', redirect_to: this.safeRedirect(redirectTo) })}`;
    // In the language of the account, whoever asked and in whatever language.
    const { say } = wordingIn(accountLanguage(user.language));
    try {
      await this.mailer.send({
        to: user.email,
        subject: say('{product}: reset your sign-in', { product: this.config.PRODUCT_NAME }),
        text: say(
          'Someone asked to reset the date of birth you sign in with. If it was you, open this link within an hour:\n\n{link}\n\nIf it was not you, ignore this mail; nothing changes.',
          { link },
        ),
        link,
      });
    } catch (error) {
      // No mail went out, so none is in the mailbox: the next request may send one at once.
      await this.db.query('update users set recovery_mail_at = null where id = $1', [user.id]).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Consumes a recovery token and answers the URL to redirect to, carrying the session or the
   * error; the browser that opened the link becomes a trusted device.
   */
  async verify(query: { token?: string; type?: string; redirect_to?: string }, userAgent?: string): Promise<WithDevice<string>> {
    const target = this.safeRedirect(query.redirect_to);
    const fail = `${target}#${new URLSearchParams({ error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' })}`;
    // A link we never wrote is bad input (400); one we wrote that is used or expired gets the
    // error redirect, as Supabase Auth answers it.
    if (query.type !== 'recovery') throw new AuthError(400, 'validation_failed', 'Unsupported verification type');
    if (!query.token || !/^[\w-]{1,200}$/.test(query.token))
      throw new AuthError(400, 'validation_failed', 'The link is incomplete: open it again from the mail');
    const rows = await this.db.query<{ user_id: string }>(
      `update recovery_tokens set used_at = now()
        where token_hash = $1 and used_at is null and expires_at > now()
        returning user_id`,
      [sha256(query.token)],
    );
    const userId = rows[0]?.user_id;
    if (!userId) return { result: fail, device: null };
    const user = await this.sessions.findUserById(this.db, userId);
    // Only the mailbox's owner can open this link: it lifts the sign-in lock that someone else's
    // wrong guesses put on the account.
    await this.db.query('delete from rate_limits where bucket = $1 and subject = $2', [this.windows.accountFailures.bucket, user.email.toLowerCase()]);
    const session = await this.sessions.startSession(user, 'recovery', userAgent);
    const fragment = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
      type: 'recovery',
    });
    return { result: `${target}#${fragment}`, device: this.devices.issue(user.id, user.password_hash) };
  }

  /** Only our own origin may receive sessions; anything else falls back to the reset page. */
  private safeRedirect(redirectTo: string | undefined): string {
    const fallback = `${this.config.publicUrl}/reset-password`;
    if (!redirectTo) return fallback;
    try {
      const url = new URL(redirectTo);
      return url.origin === new URL(this.config.publicUrl).origin ? `${url.origin}${url.pathname}` : fallback;
    } catch {
      return fallback;
    }
  }
}
