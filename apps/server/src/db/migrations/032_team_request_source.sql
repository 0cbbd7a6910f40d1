-- Who an invitation comes from (docs/product.md#joining-a-team): a mission's owners ('owner'), or
-- the organisers' team builder ('organisers'), whose proposal is not a personal invitation from the
-- organiser who sent it. `fit_reason` keeps what made the builder's fit: the role's skills found in
-- the person's profile when it was sent (empty for every other request).
alter table team_requests
  add column source text not null default 'owner' check (source in ('owner', 'organisers')),
  add column fit_reason text not null default '';
