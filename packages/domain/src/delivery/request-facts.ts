// The facts of an ad request the delivery rules read, as data (docs/architecture.md, "How to add a
// request fact"; docs/serving.md, "Delivery rules"): one entry per fact says its key and words, how the
// serving edge reads it (a query parameter the tags carry, a header, or derived by the edge with the
// breakdowns), how the tag tester sets it, the breakdown dimension that keeps impressions by it (the
// estimate's source) and its column in the forecast's history (`ad_request_facts`). A delivery rule
// (rule-list.ts) names its fact by key; every other list of facts is a map of this one: DELIVERY_FACTS,
// the serving tags' query (api/serving/requests.ts), the tester's schema, form and request, the
// history's columns (the API's migration writes them from here), the demo's facts. Plain values and
// functions (no zod), so anything may import it.
import { requestLanguage } from '../traffic/languages';

/** What the serving edge may read of a request itself: a header (lower-case name) and a query parameter. */
export interface RequestParts {
  header(name: string): string | undefined;
  query(name: string): string | undefined;
}

/** A query parameter a tag carries a fact in, with what it is for /api/openapi.json. */
export interface FactQueryParameter {
  name: string;
  description: string;
}

/**
 * How the serving edge reads a fact: derived by the edge with the breakdowns (the address's country,
 * the user agent, the site), or read from the request itself (query parameters the tags carry, a
 * header) by `read`, which needs no part of the server. `words`: where, for people (the docs, the tester).
 */
export type FactEdge =
  | { from: 'derived'; words: string }
  | {
      from: 'request';
      words: string;
      query: readonly FactQueryParameter[];
      header?: string;
      read(request: RequestParts): string;
    };

/**
 * How the tag tester sets a fact: `country` a picker in place of the address's; `userAgent` the user
 * agent (a device type's common browser, the reader's own or one typed: the device type, the OS and the
 * browser are all read from it); `site` a page, domain or `app:` bundle; `text` free text sent as the
 * fact's header (the languages, as a browser sends them); `select` one of the fact's closed set of
 * values, sent as its first query parameter (the tester's schema, form and request come from it).
 */
export type FactTesterInput = 'country' | 'userAgent' | 'site' | 'text' | 'select';

/** One value of a closed set, with its words. */
export interface FactValue {
  value: string;
  label: string;
}

/** One fact of a request: everything each part of the product needs to know of it. */
export interface RequestFactSpec {
  /** Its key in a request's facts (DeliveryFacts), the tester's echo and a rule's `fact`. */
  key: string;
  /** Its name on screen ("Connection type"), and one of its values in a sentence ("connection type"). */
  label: string;
  noun: string;
  edge: FactEdge;
  tester: FactTesterInput;
  /** The breakdown dimension that keeps impressions by it (reports/breakdown.ts; the estimate reads it); null: none. */
  breakdown: string | null;
  /** Its column of `ad_request_facts` (the inventory forecast's history). */
  column: string;
  /** Its values when they are a closed set, each with its words (a rule's universe, the tester's select). */
  values?: readonly FactValue[];
}

/** OpenRTB 2.6 `device.connectiontype` (0 is unknown: read as no value). */
export const CONNECTION_TYPES = [
  { value: '1', label: 'Ethernet' },
  { value: '2', label: 'Wi-Fi' },
  { value: '3', label: 'Cellular (generation unknown)' },
  { value: '4', label: '2G' },
  { value: '5', label: '3G' },
  { value: '6', label: '4G' },
  { value: '7', label: '5G' },
] as const satisfies readonly FactValue[];

/** A query parameter's value when it is one of `values`; '' otherwise (unknown). */
const oneOf = (values: readonly FactValue[], text: string | undefined) => {
  const value = text?.trim() ?? '';
  return values.some((entry) => entry.value === value) ? value : '';
};

/** Every fact the delivery rules read, in serving's order. */
export const REQUEST_FACTS = [
  {
    key: 'country',
    label: 'Country',
    noun: 'country',
    edge: { from: 'derived', words: "the address's country (the packaged IP-to-country database)" },
    tester: 'country',
    breakdown: 'country',
    column: 'country',
  },
  {
    key: 'device',
    label: 'Device type',
    noun: 'device type',
    edge: { from: 'derived', words: "the user agent's device type" },
    tester: 'userAgent',
    breakdown: 'device',
    column: 'device',
  },
  {
    key: 'os',
    label: 'Operating system',
    noun: 'operating system',
    edge: { from: 'derived', words: "the user agent's operating system family" },
    tester: 'userAgent',
    breakdown: 'os',
    column: 'os',
  },
  {
    key: 'browser',
    label: 'Browser',
    noun: 'browser',
    edge: { from: 'derived', words: "the user agent's browser family" },
    tester: 'userAgent',
    breakdown: 'browser',
    column: 'browser',
  },
  {
    key: 'language',
    label: 'Language',
    noun: 'language',
    edge: {
      from: 'request',
      words:
        "the browser's preferred language (Accept-Language, its primary subtag), or the platform's lang=",
      query: [
        {
          name: 'lang',
          description:
            "The viewer's language as the platform passes it (OpenRTB's device.language: de, or a BCP 47 tag): read before the browser's Accept-Language by the languages rule (docs/serving.md, \"Delivery rules\").",
        },
      ],
      header: 'accept-language',
      read: (request) => requestLanguage(request.query('lang'), request.header('accept-language')),
    },
    tester: 'text',
    breakdown: null,
    column: 'language',
  },
  {
    key: 'connectionType',
    label: 'Connection type',
    noun: 'connection type',
    edge: {
      from: 'request',
      words: "the platform's conn= (OpenRTB's device.connectiontype, 1 to 7; 0 is unknown)",
      query: [
        {
          name: 'conn',
          description:
            'The connection type as the platform passes it (OpenRTB 2.6 device.connectiontype: 1 Ethernet, 2 Wi-Fi, 3 cellular of unknown generation, 4 2G, 5 3G, 6 4G, 7 5G; 0 or anything else is unknown): read by the connection types rule (docs/serving.md, "Delivery rules").',
        },
      ],
      read: (request) => oneOf(CONNECTION_TYPES, request.query('conn')),
    },
    tester: 'select',
    breakdown: null,
    column: 'connection_type',
    values: CONNECTION_TYPES,
  },
  {
    key: 'site',
    label: 'Site or app',
    noun: 'site',
    edge: {
      from: 'derived',
      words:
        "the platform's bundle or site macro, the page the runtime sees, the Referer (each one against the block list)",
    },
    tester: 'site',
    breakdown: 'site',
    column: 'site',
  },
] as const satisfies readonly RequestFactSpec[];

export type RequestFactEntry = (typeof REQUEST_FACTS)[number];
/** A fact's key. */
export type RequestFactKey = RequestFactEntry['key'];
/** The breakdown dimensions the facts are kept by. */
export type FactBreakdown = Exclude<RequestFactEntry['breakdown'], null>;

/** A fact's entry by its key. */
export const REQUEST_FACT: { readonly [K in RequestFactKey]: Extract<RequestFactEntry, { key: K }> } =
  Object.fromEntries(REQUEST_FACTS.map((fact) => [fact.key, fact])) as never;

/** A fact's entry as the plain spec (its optional facets readable without narrowing). */
export const requestFactSpec = (key: RequestFactKey): RequestFactSpec => REQUEST_FACT[key];

/** The facts the serving edge reads from the request itself (a query parameter, a header). */
export const FACTS_READ_FROM_REQUEST: readonly (RequestFactSpec & {
  edge: Extract<FactEdge, { from: 'request' }>;
})[] = (REQUEST_FACTS as readonly RequestFactSpec[]).flatMap((fact) =>
  fact.edge.from === 'request' ? [{ ...fact, edge: fact.edge }] : [],
);

/** The facts the tester sets with a select of their closed set, each with its values. */
export const TESTER_SELECT_FACTS: readonly (RequestFactSpec & {
  values: readonly FactValue[];
  edge: Extract<FactEdge, { from: 'request' }>;
})[] = FACTS_READ_FROM_REQUEST.flatMap((fact) =>
  fact.tester === 'select' && fact.values !== undefined ? [{ ...fact, values: fact.values }] : [],
);

/** A fact's value as people read it: its closed set's label, the value itself, or "unknown {noun}". */
export function factValueText(key: string, value: string): string {
  const fact = (REQUEST_FACTS as readonly RequestFactSpec[]).find((entry) => entry.key === key);
  if (value === '') return `unknown ${fact?.noun ?? key}`;
  return fact?.values?.find((entry) => entry.value === value)?.label ?? value;
}
