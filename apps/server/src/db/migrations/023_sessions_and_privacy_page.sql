-- The account page's signed-in sessions and the public privacy page (docs/product.md#account-page,
-- docs/product.md#privacy-page).

-- What the person reads to tell their sessions apart: a short label such as "Chrome on Android",
-- made from the browser's User-Agent when the session began. The User-Agent itself is not kept.
alter table auth_sessions add column device text check (char_length(device) <= 60);

-- The privacy page as the organisers wrote it. No row: the page shows the built-in template.
-- Who saved it is in the audit log, which a deletion redacts; so the row names nobody.
create table privacy_page (
  id boolean primary key default true check (id),
  body text not null check (char_length(body) between 1 and 20000),
  updated_at timestamptz not null default now()
);
