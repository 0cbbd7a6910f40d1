-- Reset mails are spaced per account instead of counted (docs/security.md, "Getting back in"): the
-- time of the last one sent is kept on the account, and another goes out only once
-- RECOVERY_MAIL_INTERVAL_MINUTES have passed, whoever asks.
alter table users add column recovery_mail_at timestamptz;

-- The outbox never keeps a mail's link: a recovery link carries a one-time sign-in token. Mails
-- already kept lose theirs here.
update mail_outbox set body = regexp_replace(body, '\S*/auth/v1/verify\?\S*', '[link not kept]', 'g');
alter table mail_outbox drop column link;

-- What the periodic pruning looks for (apps/server/src/auth/pruning.ts), so it reads an index,
-- not the whole table.
create index refresh_tokens_used_idx on refresh_tokens (used_at) where used_at is not null;
create index auth_sessions_revoked_idx on auth_sessions (revoked_at) where revoked_at is not null;
create index auth_sessions_last_active_idx on auth_sessions ((coalesce(refreshed_at, created_at)));
create index recovery_tokens_expires_idx on recovery_tokens (expires_at);
create index mfa_challenges_expires_idx on mfa_challenges (expires_at);
create index mfa_factors_unverified_idx on mfa_factors (created_at) where status = 'unverified';
create index mail_outbox_created_idx on mail_outbox (created_at);
