// VAST measurement (docs/serving.md): the player's own events get counters beside the runtime's
// (creativeView, loaded, skip, closeLinear, and the two other answers of <ViewableImpression>), and the
// coded pings (a VAST error by [ERRORCODE], a verification not executed by [REASON]) are raw events of
// type 'error:401' (so the unique index counts each once per impression and code) summed into their own
// rollups by kind and code. Invalid coded pings stay in the raw events only.
import { addCounterColumns } from './counter-columns';

/** The counter columns this migration added (the domain's list has them since). */
const VAST_COUNTER_COLUMNS = [
  'creative_views',
  'loads',
  'skips',
  'closes',
  'not_viewable',
  'view_undetermined',
];

export default /* sql */ `
alter table events drop constraint events_type_check;
alter table events add constraint events_type_check check (
  type in ('impression', 'viewable', 'engagement', 'click', 'start', 'firstQuartile', 'midpoint',
    'thirdQuartile', 'complete', 'creativeView', 'loaded', 'skip', 'closeLinear', 'notViewable',
    'viewUndetermined')
  or type ~ '^(error|verificationNotExecuted):[0-9]{1,3}$'
);

${addCounterColumns(VAST_COUNTER_COLUMNS, ['event_rollups', 'event_totals', 'event_invalid_rollups'])}

create table event_code_rollups (
  live_id text not null,
  bucket timestamptz not null,
  kind text not null check (kind in ('error', 'verificationNotExecuted')),
  code integer not null check (code between 0 and 999),
  count bigint not null default 0,
  primary key (live_id, bucket, kind, code)
);
`;
