// The file manager's upload tickets (presigned PUTs handed out): counted per user for the upload rate
// limit, and, while their URL works and the file has not arrived, against the storage quota of the
// space they write into. Rows older than a ticket's URL are pruned as new tickets are issued.
export default /* sql */ `
create table file_upload_tickets (
  id text primary key,
  user_id text not null references users(id) on delete cascade,
  bucket text not null,
  -- The space whose quota the file counts against ('users/<id>/'), or '' when none (an admin's own area).
  space text not null,
  key text not null,
  size bigint not null,
  -- Refused for the quota: it still counts for the rate, not as a pending upload.
  refused boolean not null default false,
  issued_at timestamptz not null default now()
);
create index file_upload_tickets_user_idx on file_upload_tickets (user_id, issued_at);
create index file_upload_tickets_space_idx on file_upload_tickets (bucket, space, issued_at);
create index file_upload_tickets_issued_idx on file_upload_tickets (issued_at);
`;
