// One message of the event bus (docs/serving.md, "The event log"): the events one API process gathered
// in one tick, up to MESSAGE_EVENTS, as the journal writes them (one JSON line each), after a first line
// that signs them:
//
//   adconsole-events 1 <HMAC-SHA-256 of the lines with the server's secret, 22 base64url characters>
//   {"liveId":"…","type":"impression","at":1764…,"count":1,"impressionId":"…","reason":null,"dims":{…}}
//
// Why many events a message: a JetStream publish costs the Node client about 30 µs of CPU and the server
// about 9 µs whatever its size, so one beacon a message would double a beacon's cost; 32 a message cost
// under 2 µs an event (docs/decisions/0008-nats-jetstream-event-log.md). Why a signature: anyone who can
// publish to the stream's subject can put bytes there; the consumer stores only what a process holding
// SERVER_SECRET wrote (or, during a rotation, SERVER_SECRET_PREVIOUS: a message signed before it), and
// terminates anything else with a line in the log, counted (bus/consumer.ts).
import { timingSafeEqual } from 'node:crypto';
import {
  BREAKDOWN_DIMENSIONS,
  COUNTER_OF_EVENT,
  type EventDimensions,
  isInvalidTrafficReason,
  parseCodedEventType,
} from '@adconsole/domain';
import { libraryHmac22 } from '../../hmac';
import { eventLine } from '../journal';
import type { StoredEventType, TrackedEvent } from '../tracked-event';

/** Events a message holds at most (the writer's largest batch). */
export const MESSAGE_EVENTS = 1000;
const HEADER = 'adconsole-events 1 ';

/** A message's text: the line that signs `lines` (each ending in a newline), then the lines. */
export const signedMessage = (secret: Buffer, lines: string): string =>
  `${HEADER}${libraryHmac22(secret, lines)}\n${lines}`;

/** A message's text: the signing line, then one line per event. */
export const encodeMessage = (secret: Buffer, events: readonly TrackedEvent[]): string =>
  signedMessage(secret, events.map(eventLine).join(''));

export type DecodedMessage =
  /** `key`: which of the keys signed it (0 SERVER_SECRET, 1 SERVER_SECRET_PREVIOUS). */
  | { kind: 'events'; events: TrackedEvent[]; refusedLines: number; key: number }
  /** `lines`: the events it would hold when it has the events' shape but no key of this fleet signed it. */
  | { kind: 'not-events'; why: string; badSignature: boolean; lines: number };

const isStoredEventType = (type: unknown): type is StoredEventType =>
  typeof type === 'string' && (type in COUNTER_OF_EVENT || parseCodedEventType(type) !== undefined);

const isDimensions = (value: unknown): value is EventDimensions =>
  typeof value === 'object' &&
  value !== null &&
  BREAKDOWN_DIMENSIONS.every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

/** A line's event when it has every field an event has, of the right kind; undefined otherwise. */
function eventOf(line: string): TrackedEvent | undefined {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { liveId, type, at, count, impressionId, reason, dims } = value;
  if (typeof liveId !== 'string' || liveId === '' || liveId.length > 64 || !isStoredEventType(type))
    return undefined;
  if (typeof at !== 'number' || !Number.isFinite(at)) return undefined;
  if (!Number.isSafeInteger(count) || (count as number) < 1 || (count as number) > 2_147_483_647)
    return undefined;
  if (impressionId !== null && (typeof impressionId !== 'string' || impressionId.length > 128))
    return undefined;
  if (reason !== undefined && reason !== null && !isInvalidTrafficReason(reason)) return undefined;
  if (dims !== undefined && dims !== null && !isDimensions(dims)) return undefined;
  return {
    liveId,
    type,
    at: new Date(at),
    count: count as number,
    impressionId,
    reason: reason ?? null,
    dims: dims ?? null,
  };
}

/**
 * A message's events, or why it is not a message of this fleet's API processes. `keys`: SERVER_SECRET,
 * then during a rotation SERVER_SECRET_PREVIOUS: a message signed before the rotation and still in the
 * log is read with the key that signed it.
 */
export function decodeMessage(keys: Buffer | readonly Buffer[], text: string): DecodedMessage {
  const newline = text.indexOf('\n');
  if (!text.startsWith(HEADER) || newline === -1)
    return {
      kind: 'not-events',
      why: 'it does not start with the events header',
      badSignature: false,
      lines: 0,
    };
  const signature = Buffer.from(text.slice(HEADER.length, newline));
  const lines = text.slice(newline + 1);
  const key = (Buffer.isBuffer(keys) ? [keys] : keys).findIndex((secret) => {
    const expected = Buffer.from(libraryHmac22(secret, lines));
    return signature.length === expected.length && timingSafeEqual(signature, expected);
  });
  if (key === -1)
    return {
      kind: 'not-events',
      why:
        Buffer.isBuffer(keys) || keys.length === 1
          ? "its signature is not this fleet's (SERVER_SECRET; after a rotation, set SERVER_SECRET_PREVIOUS to the key it replaced)"
          : "its signature is not this fleet's (neither SERVER_SECRET nor SERVER_SECRET_PREVIOUS)",
      badSignature: true,
      lines: lines.split('\n').filter((line) => line !== '').length,
    };
  const events: TrackedEvent[] = [];
  let refusedLines = 0;
  for (const line of lines.split('\n')) {
    if (line === '') continue;
    const event = eventOf(line);
    if (event) events.push(event);
    else refusedLines += 1;
  }
  return { kind: 'events', events, refusedLines, key };
}
