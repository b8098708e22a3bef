// One tracked (or imported) event as the event stores take it, and what its type may be.
import type {
  CodedEventType,
  CountedEventType,
  EventDimensions,
  InvalidTrafficReason,
} from '@adconsole/domain';

/** What an event is: a counted type, or a coded ping ('error:401') counted per kind and code. */
export type StoredEventType = CountedEventType | CodedEventType;

/** One tracked (or imported) event. */
export interface TrackedEvent {
  liveId: string;
  type: StoredEventType;
  at: Date;
  /** 1 for a tracked event; imports may carry a count. */
  count: number;
  /** The signed impression's id; null for imported history. The same type of one impression counts once. */
  impressionId: string | null;
  /**
   * Why the event is invalid traffic (stored, never counted in the figures); null or absent when it is
   * valid. The store may add one (event integrity: integrity.ts).
   */
  reason?: InvalidTrafficReason | null;
  /**
   * The breakdown values its impression was served with (site, device, os, browser, country; '' for
   * unknown); absent (all unknown) for imported history. Only valid counted events enter breakdowns.
   */
  dims?: EventDimensions | null;
}
