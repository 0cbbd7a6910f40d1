-- Organisers' corrections of the translations, and which messages a native speaker has reviewed
-- (docs/product.md#languages, docs/decisions/061-translation-corrections.md). One row per message
-- and language: a web app message by its id, a server message by its English. `text` is null when
-- the row only records the review. Who changed what is in the audit log.
create table translation_corrections (
  language text not null check (language in ('af', 'zu', 'xh')),
  source text not null check (source in ('web', 'server')),
  message_key text not null,
  text text,
  reviewed boolean not null default false,
  updated_at timestamptz not null default now(),
  primary key (language, source, message_key)
);

-- Each language's version of its corrections: raised by every change, so the page can name the
-- corrections it wants (cached by the browser until the next change) and the servers know theirs
-- are current.
create table translation_versions (
  language text primary key check (language in ('af', 'zu', 'xh')),
  version bigint not null default 0
);
