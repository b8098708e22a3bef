// The second security review (docs/security.md): each HTML5 ZIP's unpacked files, recorded once when
// it is unpacked (a refused archive is recorded with no files, so it is never inflated again).
export default /* sql */ `
create table html5_archives (
  file_name text primary key,
  files jsonb not null,
  unpacked_at timestamptz not null default now()
);
`;
