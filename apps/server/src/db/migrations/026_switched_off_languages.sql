-- The interface languages organisers switched off for their event (docs/product.md#languages).
-- English cannot be: every text is first written in it.
create table switched_off_languages (
  code text primary key check (code in ('af', 'zu', 'xh')),
  switched_off_at timestamptz not null default now()
);
