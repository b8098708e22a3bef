// The history as people read it (docs/architecture.md, "How to audit a change"; docs/console.md,
// "History"): each audited field under the label its form gives it, each value in words (a platform by
// its name, a creative or placement by its name, on/off, a tracker list as its landing page and
// trackers, settings one by one), never JSON. The console's history and anything else that shows an
// entry read it here.
import { findPlatform } from '../platforms/platforms';
import type { AuditAction, AuditChanges, AuditEntity, AuditEntry } from './audit';

/** The labels of the forms that set each field; a field of no form is written out from its name. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  advertiser: 'Advertiser',
  start: 'Start date',
  end: 'End date',
  timezone: 'Timezone',
  goal: 'Goal',
  deliveryMode: 'Delivery',
  rate: 'Rate',
  clickParam: 'Click id parameter',
  archivedAt: 'Archived',
  archived: 'Archived',
  pausedAt: 'Paused',
  pausedBy: 'Paused by',
  type: 'Type',
  width: 'Width (px)',
  height: 'Height (px)',
  fluid: 'Fluid',
  platform: 'Traffic platform',
  layout: 'Layout',
  html: 'HTML',
  assets: 'Assets',
  kind: 'Kind',
  mode: 'Rotation',
  items: 'Creatives',
  placement: 'Placement',
  status: 'Status',
  variants: 'Variants',
  control: 'Control',
  minimumDetectableEffect: 'Minimum detectable effect (%)',
  significance: 'Significance',
  power: 'Power',
  baselineRate: "Control's expected rate (%)",
  plannedSample: 'Planned sample per variant',
  placementRotation: "Placement's rotation",
  frequency: 'Frequency',
  reportType: 'Report type',
  format: 'Format',
  withVideo: 'With video data',
  recipients: 'Recipients',
  expiresAt: 'Expires',
  includeCosts: 'Include costs',
  revoked: 'Revoked',
  creativeId: 'Creative',
  counting: 'Counting',
  lookbackDays: 'Lookback window (days)',
  currency: 'Currency',
  unsigned: 'Unsigned conversions',
  maxPerClick: 'Conversions per click at most',
  maxValueMinor: 'Maximum value (minor unit)',
  postbackKeyCreatedAt: 'Postback key made',
  creatives: 'Creatives',
  billingName: 'Billing name',
  billingEmail: 'Billing e-mail',
  notes: 'Notes',
  poNumber: 'PO number',
  insertionOrder: 'Insertion order',
  orderBudget: 'Budget',
  campaignIds: 'Campaigns',
};

/** Fields a create entry keeps for its one line, not listed under it ("duplicated from “Winter sale”"). */
const SUMMARY_ONLY_FIELDS = new Set(['copiedFrom', 'copiedFromName']);

/** The creative form's words for its settings and trackers. */
const SETTING_LABELS: Readonly<Record<string, string>> = {
  layoutOptions: 'Layout options',
  euCreative: 'EU creative',
  inAppSupport: 'In-app support',
  dealIDRequired: 'Deal ID required',
  fallbackCreative: 'Fallback creative',
  verificationVendors: 'Verification vendors',
  skipOffset: 'Skip offset',
  universalAdId: 'Universal Ad ID',
};
const TRACKER_LABELS: Readonly<Record<string, string>> = {
  click: 'Click trackers',
  impression: 'Impression trackers',
  engagement: 'Engagement trackers',
  videoStart: 'Video start trackers',
  videoFirstQuartile: 'First quartile trackers',
  videoMidpoint: 'Midpoint trackers',
  videoThirdQuartile: 'Third quartile trackers',
  videoComplete: 'Complete trackers',
};

/** 'lookbackDays' -> 'Lookback days', 'Ad_duration' -> 'Ad duration': a field no form names, written out. */
const wordsOf = (key: string): string => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A field's label in the history: its form's label, else its name written out. */
export const auditFieldLabel = (field: string): string => FIELD_LABELS[field] ?? wordsOf(field);

/** What an entry's ids stand for (creatives, placements): their names, where the history knows them. */
export type AuditNames = Readonly<Record<string, string>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A value in words: none as an em dash, yes/no, a known id as its quoted name (also at the start of a
 * list item: "crv_1 (weight 3)"), a platform by its name, lists joined, an object as "label: value"
 * pairs. Never JSON.
 */
export function auditValueText(value: unknown, field?: string, names: AuditNames = {}): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (field === 'platform') return findPlatform(value)?.name ?? value;
    const named = names[value];
    if (named !== undefined) return `“${named}”`;
    const item = /^(\S+) (\(.*\))$/.exec(value);
    const itemName = item ? names[item[1] ?? ''] : undefined;
    return itemName !== undefined ? `“${itemName}” ${item?.[2]}` : value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    const parts = value.map((item) => auditValueText(item, field, names));
    return parts.join(value.some(isRecord) ? '; ' : ', ');
  }
  if (isRecord(value)) {
    // A tracker ({type, url}) reads as its URL and how it fires.
    if (typeof value.url === 'string' && typeof value.type === 'string')
      return `${value.url} (${value.type})`;
    const pairs = Object.entries(value).map(
      ([key, inner]) => `${FIELD_LABELS[key] ?? wordsOf(key)}: ${auditValueText(inner, key, names)}`,
    );
    return pairs.length === 0 ? '—' : pairs.join(', ');
  }
  return String(value);
}

/** One line of an entry's fields: the label, and the value before and after in words. */
export interface AuditFieldRow {
  field: string;
  label: string;
  before: string;
  after: string;
}

type Tracker = { type?: unknown; url?: unknown };
/** The landing page and the other trackers of a creative's tracker lists, each as a row of its own. */
function trackerRows(before: unknown, after: unknown, names: AuditNames): AuditFieldRow[] {
  const lists = (value: unknown): Record<string, Tracker[]> =>
    isRecord(value) ? (value as Record<string, Tracker[]>) : {};
  const was = lists(before);
  const now = lists(after);
  const landing = (trackers: Record<string, Tracker[]>) =>
    trackers.click?.find((tracker) => tracker.type === 'redirect')?.url ?? null;
  const others = (trackers: Record<string, Tracker[]>, kind: string) =>
    (trackers[kind] ?? []).filter((tracker) => !(kind === 'click' && tracker.type === 'redirect'));
  const kinds = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return [
    {
      field: 'trackers.landingPage',
      label: 'Landing page URL',
      before: auditValueText(landing(was)),
      after: auditValueText(landing(now)),
    },
    ...kinds.map((kind) => ({
      field: `trackers.${kind}`,
      label: TRACKER_LABELS[kind] ?? wordsOf(kind),
      before: auditValueText(others(was, kind), kind, names),
      after: auditValueText(others(now, kind), kind, names),
    })),
  ];
}

type Setting = { key?: unknown; value?: unknown };
/** A creative's settings, one row per setting under the creative form's label. */
function settingRows(before: unknown, after: unknown, names: AuditNames): AuditFieldRow[] {
  const byKey = (value: unknown) =>
    new Map(
      (Array.isArray(value) ? (value as Setting[]) : []).map((setting) => [
        String(setting.key),
        setting.value,
      ]),
    );
  const was = byKey(before);
  const now = byKey(after);
  return [...new Set([...was.keys(), ...now.keys()])].map((key) => ({
    field: `settings.${key}`,
    label: SETTING_LABELS[key] ?? wordsOf(key),
    before: auditValueText(was.get(key), key, names),
    after: auditValueText(now.get(key), key, names),
  }));
}

/**
 * An entry's changed fields as rows: each under its form's label, values in words; a creative's trackers
 * as its landing page and each tracker list, its settings one by one. A row whose words did not change
 * (a setting that moved in the list) is left out.
 */
export function auditFieldRows(changes: AuditChanges, names: AuditNames = {}): AuditFieldRow[] {
  return Object.entries(changes)
    .flatMap(([field, [before, after]]): AuditFieldRow[] => {
      if (field === 'trackers') return trackerRows(before, after, names);
      if (field === 'settings') return settingRows(before, after, names);
      return [
        {
          field,
          label: auditFieldLabel(field),
          before: auditValueText(before, field, names),
          after: auditValueText(after, field, names),
        },
      ];
    })
    .filter((row) => row.before !== row.after);
}

/** The thing an entry is about, for its one line: 'creative “Leaderboard”', 'the campaign'. */
export const ENTITY_LABELS: Readonly<Record<AuditEntity, string>> = {
  campaign: 'the campaign',
  creative: 'creative',
  liveCreative: 'live creative',
  placement: 'placement',
  abTest: 'A/B test',
  conversionAction: 'conversion action',
  shareLink: 'a share link',
  schedule: 'scheduled report',
  user: 'account',
  invitation: 'invitation',
  apiToken: 'API token',
  events: 'imported events',
  alert: 'alert',
  alertRules: 'alert rules',
  webhook: 'webhook',
  deliveryRules: 'delivery rules',
  advertiser: 'advertiser',
  insertionOrder: 'insertion order',
  creativeApproval: 'the approval of creative',
  previewLink: 'a preview link',
};

const verbs: Record<AuditAction, string> = { create: 'created', update: 'changed', delete: 'deleted' };

/** What an approval step reads as, by the state it led to (docs/product.md §4, "Approval"). */
const APPROVAL_STEP_WORDS: Readonly<Record<string, string>> = {
  'in-review': 'submitted for review',
  approved: 'approved',
  'changes-requested': 'requested changes to',
};

/** A quoted name: “Leaderboard”. */
const quoted = (name: string) => `“${name}”`;

/**
 * One line for a history entry: who did what to which thing ("ana@x.test changed creative “Leaderboard”").
 * The thing's name comes from the entry's own `name` field, else the name the history knows it by
 * (`entityName`); an A/B test names its placement and variants.
 */
export function auditSummary(
  entry: Pick<AuditEntry, 'actor' | 'entity' | 'action' | 'changes'> &
    Partial<Pick<AuditEntry, 'entityName' | 'names'>>,
): string {
  const who = entry.actor?.email ?? 'Adconsole';
  const changedName = entry.changes.name?.[entry.action === 'delete' ? 0 : 1] ?? entry.changes.name?.[0];
  const name = typeof changedName === 'string' ? changedName : (entry.entityName ?? undefined);
  const what = ENTITY_LABELS[entry.entity];
  const verb =
    entry.entity === 'liveCreative'
      ? entry.action === 'create'
        ? 'published'
        : 'stopped'
      : verbs[entry.action];
  if (entry.entity === 'liveCreative') return `${who} ${verb} ${name ? quoted(name) : 'a live creative'}`;
  if (entry.entity === 'abTest') return `${who} ${verb} ${what}${abTestWords(entry)}`;
  if (entry.entity === 'creativeApproval') {
    const step = APPROVAL_STEP_WORDS[String(entry.changes.state?.[1])] ?? 'changed the approval of';
    return `${who} ${step} ${name ? `creative ${quoted(name)}` : 'a creative'}`;
  }
  const copiedFrom = entry.action === 'create' ? entry.changes.copiedFromName?.[1] : undefined;
  if (entry.entity === 'campaign' && typeof copiedFrom === 'string')
    return `${who} ${verb} ${what}, duplicated from ${quoted(copiedFrom)}`;
  return `${who} ${verb} ${name && entry.entity !== 'campaign' ? `${what} ${quoted(name)}` : what}`;
}

/** " on placement “Homepage”: “Spring A” against “Spring B”", from the test's snapshot and the names known. */
function abTestWords(entry: Pick<AuditEntry, 'action' | 'changes'> & Partial<Pick<AuditEntry, 'names'>>) {
  const side = entry.action === 'delete' ? 0 : 1;
  const names = entry.names ?? {};
  const placement = entry.changes.placement?.[side];
  const variants = entry.changes.variants?.[side];
  const on =
    typeof placement === 'string' ? ` on placement ${auditValueText(placement, 'placement', names)}` : '';
  const between =
    Array.isArray(variants) && variants.length > 0
      ? `: ${variants.map((id) => auditValueText(id, 'variants', names)).join(' against ')}`
      : '';
  return `${on}${between}`;
}

/**
 * What a create entry set, for the lines under it (the flight, zone, goal, delivery mode and rate a
 * campaign was booked with): each field given a value, under its label, in words; the fields its one
 * line already says are left out.
 */
export function auditCreatedRows(changes: AuditChanges, names: AuditNames = {}): AuditFieldRow[] {
  return auditFieldRows(changes, names).filter(
    (row) => !SUMMARY_ONLY_FIELDS.has(row.field) && row.after !== '—' && row.after !== 'No',
  );
}

/**
 * The kinds a campaign's history filters by (docs/console.md, "History"): each a label and the entities
 * it takes in; every entity a campaign's history can hold is in exactly one (audit-text.test.ts).
 */
export const HISTORY_KINDS = [
  {
    value: 'campaign',
    label: 'Campaign and its rules',
    entities: ['campaign', 'deliveryRules', 'alertRules'],
  },
  {
    value: 'creatives',
    label: 'Creatives and publishing',
    entities: ['creative', 'liveCreative', 'creativeApproval'],
  },
  { value: 'placements', label: 'Placements and A/B tests', entities: ['placement', 'abTest'] },
  {
    value: 'sharing',
    label: 'Share links and schedules',
    entities: ['shareLink', 'previewLink', 'schedule'],
  },
  {
    value: 'other',
    label: 'Conversions, alerts and the rest',
    entities: [
      'conversionAction',
      'alert',
      'webhook',
      'events',
      'user',
      'invitation',
      'apiToken',
      'advertiser',
      'insertionOrder',
    ],
  },
] as const satisfies readonly { value: string; label: string; entities: readonly AuditEntity[] }[];
export type HistoryKind = (typeof HISTORY_KINDS)[number]['value'];

/** The entries of one kind (all of them for 'all'), in their order. */
export function historyOfKind<T extends Pick<AuditEntry, 'entity'>>(
  entries: readonly T[],
  kind: HistoryKind | 'all',
): T[] {
  if (kind === 'all') return [...entries];
  const entities: readonly AuditEntity[] =
    HISTORY_KINDS.find((entry) => entry.value === kind)?.entities ?? [];
  return entries.filter((entry) => entities.includes(entry.entity));
}
