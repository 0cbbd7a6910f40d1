-- people_shown (migration 019) is the one rule of how a person is shown to someone else
-- (docs/product.md#anonymity): it now gives the mobile number too, so the role card's contact
-- details for teammates come from the rule like the names and e-mail (empty when anonymous).
create or replace view people_shown as
  select u.id,
         anonymity_of(u.user_metadata) = 'anonymous' as anonymous,
         case when anonymity_of(u.user_metadata) = 'anonymous' then 'Anonymous' else u.first_name end as first_name,
         case when anonymity_of(u.user_metadata) = 'anonymous' then 'attendee' else u.last_name end as last_name,
         case when anonymity_of(u.user_metadata) = 'anonymous' then '' else u.email end as email,
         case when anonymity_of(u.user_metadata) = 'anonymous' then '' else u.mobile end as mobile
    from users u;
