// Client access (docs/security.md, "Client access"): the role 'client', the advertisers each client reads
// (gone with the user or the advertiser), and whether an advertiser's clients see its costs.
export default /* sql */ `
alter table users drop constraint if exists users_role_check;
alter table users add constraint users_role_check check (role in ('user', 'admin', 'client'));
create table client_advertisers (
  user_id text not null references users (id) on delete cascade,
  advertiser_id text not null references advertisers (id) on delete cascade,
  primary key (user_id, advertiser_id)
);
create index client_advertisers_advertiser_idx on client_advertisers (advertiser_id);
alter table advertisers add column client_sees_costs boolean not null default false;
`;
