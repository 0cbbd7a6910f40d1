import type { Config } from '../config.ts';
import type { Db } from '../db/db.ts';
import { AuthError } from '../http/errors.ts';
import { accountLanguage } from '../i18n/language.ts';
import { wordingIn } from '../i18n/translate.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sessionAssurance } from './mfa.ts';
import { verifyPassword } from './password.ts';
import { hit, isExhausted, type Window } from './rate-limit.ts';
import type { AccessClaims } from './tokens.ts';

/** A session opened by a reset link may set a new date of birth without the current one for this long (the link's own life). */
const RECOVERY_SESSION_SECONDS = 3600;

/**
 * What a new date of birth needs, and the mail that tells its owner
 * (docs/security.md#changing-the-date-of-birth).
 */
export class CredentialChange {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly config: Config,
    /** Wrong current dates, per session. */
    private readonly failures: Window,
    private readonly lockedOut: (window: Window) => AuthError,
  ) {}

  /**
   * The current date of birth (`current_password`, as Supabase Auth's secure password change) or a
   * session the reset link opened within the hour: a stolen access token alone cannot change it.
   * Wrong current dates are limited per session, like sign-in failures.
   */
  async requireProof(claims: AccessClaims, passwordHash: string, currentPassword: string | undefined): Promise<void> {
    if (currentPassword === undefined) {
      const session = await sessionAssurance(this.db, claims.session_id, claims.sub);
      const now = Date.now() / 1000;
      if (session?.amr.some((entry) => entry.method === 'recovery' && now - entry.timestamp <= RECOVERY_SESSION_SECONDS)) return;
      throw new AuthError(400, 'reauthentication_needed', 'Enter your current date of birth to change it, or use a new reset link from the sign-in screen.');
    }
    if (await isExhausted(this.db, this.failures, claims.session_id)) throw this.lockedOut(this.failures);
    if (!(await verifyPassword(currentPassword, passwordHash))) {
      await hit(this.db, this.failures, claims.session_id);
      throw new AuthError(400, 'reauthentication_not_valid', 'That is not your current date of birth.');
    }
  }

  /**
   * The owner hears of every change of their credential, so one they did not make does not go
   * unnoticed; in the language of their account (`user_metadata.language`).
   */
  async tellOwner(owner: { email: string; user_metadata: Record<string, unknown> }): Promise<void> {
    const link = `${this.config.publicUrl}/reset-password`;
    const { say } = wordingIn(accountLanguage(owner.user_metadata.language));
    await this.mailer
      .send({
        to: owner.email,
        subject: say('{product}: your date of birth was changed', { product: this.config.PRODUCT_NAME }),
        text: say(
          'The date of birth you sign in with was just changed, and your other sessions were signed out.\n\nIf it was you, there is nothing more to do. If it was not, ask for a reset link at once:\n\n{link}',
          { link },
        ),
        link,
      })
      // The change is made; the outbox row records the mail even when the mail server could not take it.
      .catch(() => undefined);
  }
}
