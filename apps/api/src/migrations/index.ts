// Ordered migrations, embedded as strings so they ship inside the bundled server.
import init from './0001_init';

export interface Migration {
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [{ name: '0001_init', sql: init }];
