// What every route handler can reach: configuration, database, mail and file storage.
import type { Config } from './config';
import type { Database } from './db/database';
import type { Mailer } from './services/mail';
import type { Storage } from './services/storage';

export interface Context {
  config: Config;
  db: Database;
  mailer: Mailer;
  storage: Storage;
  log: (line: string) => void;
}
