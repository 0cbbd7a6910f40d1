-- Organisers may hide a mission (abuse, spam), with a reason its team is shown. A hidden mission
-- stays in the database with its team, votes and subscriptions, so unhiding brings it back as it
-- was; every read that lists or shows missions to attendees leaves out rows with hidden_at set,
-- except for the mission's own team and the organisers (docs/product.md).
alter table missions
  add column hidden_at timestamptz,
  add column hidden_reason text,
  add column hidden_by uuid references users (id) on delete set null,
  add constraint missions_hidden_has_reason check ((hidden_at is null) = (hidden_reason is null));

