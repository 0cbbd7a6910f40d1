-- Matching people and open roles by what they wrote (docs/product.md#matching,
-- docs/decisions/033-matching-and-the-team-builder.md). Each role profile keeps the folded words
-- of its texts and each open role the folded words of its skill tags, so that finding who fits
-- is an array overlap on a GIN index rather than reading every text.
--
-- The words are made by the server (Unicode word segmentation, which SQL regular expressions do
-- not do the same on every database). A change to the texts forgets the words (null), whoever
-- writes it; the matching procedures fill in forgotten words before they read any.
alter table role_profiles add column match_words text[];
alter table mission_roles add column match_words text[];
-- Beside skills, in the same order: each tag's folded words joined by spaces (words never hold a
-- space), so that "every word of the tag is in the profile" is an array containment in SQL.
alter table mission_roles add column skill_words text[];

create index role_profiles_match_words_idx on role_profiles using gin (match_words);
create index role_profiles_words_missing_idx on role_profiles (user_id) where match_words is null;
create index mission_roles_match_words_idx on mission_roles using gin (match_words) where closed_at is null;
create index mission_roles_words_missing_idx on mission_roles (role_id) where match_words is null;

create function forget_match_words() returns trigger language plpgsql as $$
begin
  new.match_words := null;
  return new;
end $$;

create trigger role_profiles_forget_words before insert or update of role_title, intention, skills_and_resources,
  knowledge_and_experience, community_need, contribution on role_profiles
  for each row execute function forget_match_words();
create trigger mission_roles_forget_words before insert or update of skills on mission_roles
  for each row execute function forget_match_words();
