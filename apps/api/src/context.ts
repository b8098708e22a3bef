// What every route handler and service can reach: configuration, database, mail, file storage, the
// server's HMAC key and the upload slots.
import type { Config } from './config';
import type { Database } from './db/database';
import type { UploadSlots } from './services/assets';
import type { EventStore } from './services/events/store';
import type { EventWriter } from './services/events/writer';
import type { Mailer } from './services/mail';
import type { LiveCreativeCache } from './services/serving/live-creatives';
import type { Storage } from './services/storage';

export interface Context {
  config: Config;
  db: Database;
  mailer: Mailer;
  storage: Storage;
  /** HMAC key: signed ids, device cookies (services/secret.ts). */
  secret: Buffer;
  uploadSlots: UploadSlots;
  /** The event store (PostgreSQL by default) and its group-commit writer. */
  events: { store: EventStore; writer: EventWriter };
  /** Live creatives the ad server answers for, cached for a few seconds. */
  liveCreatives: LiveCreativeCache;
  log: (line: string) => void;
}
