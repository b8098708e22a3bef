// How a report read chooses its SQL: each read (one module per report question in this folder) writes
// its PostgreSQL and its ClickHouse implementation side by side, and `byStore` runs the one of the
// store's kind (the idea of umami's `runQuery`). Adding a read is one module here plus its caller
// (docs/architecture.md, "How to add a report read").
import type { ClickHouseEventStore, EventStore, PostgresEventStore } from '../store';

/** A read's implementation for each kind of store; both take the same arguments and answer the same. */
export interface ReadOfEachStore<A extends unknown[], R> {
  postgres(store: PostgresEventStore, ...args: A): Promise<R>;
  clickhouse(store: ClickHouseEventStore, ...args: A): Promise<R>;
}

/** The read on any store: the implementation of the store's kind. */
export const byStore =
  <A extends unknown[], R>(read: ReadOfEachStore<A, R>) =>
  (store: EventStore, ...args: A): Promise<R> =>
    store.kind === 'postgres' ? read.postgres(store, ...args) : read.clickhouse(store, ...args);
