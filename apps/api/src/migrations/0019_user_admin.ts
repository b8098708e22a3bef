// An administrator can disable an account (its sessions end, its API tokens stop working, it cannot sign
// in) and enable it again: the time it was disabled, null while it is enabled.
export default /* sql */ `
alter table users add column disabled_at timestamptz;
`;
