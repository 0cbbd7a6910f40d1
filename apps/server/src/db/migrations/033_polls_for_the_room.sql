-- A poll, like a voting round, may be limited to the people checked in at the door
-- (docs/product.md#check-in-at-the-door).
alter table polls add column checked_in_only boolean not null default false;
