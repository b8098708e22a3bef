// The event log's keys in the environment (docs/deploy.md section 8, "Who may use the log"): credentials
// in EVENTS_BUS's URLs or in a file, `tls://` with its CA, and each wrong value refused at start with the
// variable's name and why.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { nkeys } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

describe('the event log is not an open bus: its credentials and TLS in the environment', () => {
  let dir: string;
  const file = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'adconsole-bus-config-'));
    await writeFile(file('api.nk'), `${new TextDecoder().decode(nkeys.createUser().getSeed())}\n`);
    await writeFile(file('not-a-seed.nk'), 'SAAAAAAAAAAAAAAAA\n');
    await writeFile(
      file('api.creds'),
      '-----BEGIN NATS USER JWT-----\neyJ0\n------END NATS USER JWT------\n-----BEGIN USER NKEY SEED-----\nSUAB\n------END USER NKEY SEED------\n',
    );
    await writeFile(file('ca.pem'), '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    await writeFile(file('client.key'), '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('a user and password, or a token, in the URLs: taken out of the server list (never logged) and sent as credentials', () => {
    const bus = loadConfig({
      EVENTS_BUS:
        'nats://api:s%40cret@127.0.0.7:4222,nats://api:s%40cret@127.0.0.8:4222,nats://127.0.0.9:4222',
    }).eventsBus;
    expect(bus?.servers).toEqual(['nats://127.0.0.7:4222', 'nats://127.0.0.8:4222', 'nats://127.0.0.9:4222']);
    expect(bus?.auth).toEqual({ kind: 'user', user: 'api', pass: 's@cret' });
    expect(bus?.tls).toBeUndefined();
    expect(loadConfig({ EVENTS_BUS: 'nats://t0ken@127.0.0.1:4222' }).eventsBus?.auth).toEqual({
      kind: 'token',
      token: 't0ken',
    });
    expect(loadConfig({ EVENTS_BUS: 'nats://127.0.0.1:4222' }).eventsBus?.auth).toEqual({ kind: 'none' });
  });

  it('refuses credentials that differ between servers, a password without a user, a path, a query', () => {
    expect(() => loadConfig({ EVENTS_BUS: 'nats://a:b@127.0.0.7:4222,nats://a:c@127.0.0.8:4222' })).toThrow(
      /EVENTS_BUS.*different credentials/,
    );
    expect(() => loadConfig({ EVENTS_BUS: 'nats://:secret@127.0.0.7:4222' })).toThrow(
      /EVENTS_BUS.*password without a user name/,
    );
    expect(() => loadConfig({ EVENTS_BUS: 'nats://127.0.0.7:4222/events' })).toThrow(/EVENTS_BUS.*no path/);
    expect(() => loadConfig({ EVENTS_BUS: 'nats://127.0.0.7:4222?user=a' })).toThrow(/EVENTS_BUS.*no path/);
    expect(() => loadConfig({ EVENTS_BUS: 'http://127.0.0.7:4222' })).toThrow(/EVENTS_BUS.*NATS URL/);
  });

  it('an nkey seed file or a .creds file: read and checked at start, one way of authenticating only', () => {
    expect(
      loadConfig({ EVENTS_BUS: 'nats://127.0.0.1:4222', EVENTS_BUS_NKEY: file('api.nk') }).eventsBus?.auth,
    ).toEqual({ kind: 'nkey', seedFile: file('api.nk') });
    expect(
      loadConfig({ EVENTS_BUS: 'nats://127.0.0.1:4222', EVENTS_BUS_CREDS: file('api.creds') }).eventsBus
        ?.auth,
    ).toEqual({ kind: 'creds', credsFile: file('api.creds') });
    expect(() =>
      loadConfig({ EVENTS_BUS: 'nats://127.0.0.1:4222', EVENTS_BUS_NKEY: file('missing.nk') }),
    ).toThrow(/EVENTS_BUS_NKEY.*cannot read .*missing\.nk \(ENOENT\)/);
    expect(() =>
      loadConfig({ EVENTS_BUS: 'nats://127.0.0.1:4222', EVENTS_BUS_NKEY: file('not-a-seed.nk') }),
    ).toThrow(/EVENTS_BUS_NKEY.*user nkey seed/);
    expect(() =>
      loadConfig({ EVENTS_BUS: 'nats://127.0.0.1:4222', EVENTS_BUS_CREDS: file('ca.pem') }),
    ).toThrow(/EVENTS_BUS_CREDS.*\.creds file/);
    expect(() =>
      loadConfig({
        EVENTS_BUS: 'nats://127.0.0.1:4222',
        EVENTS_BUS_NKEY: file('api.nk'),
        EVENTS_BUS_CREDS: file('api.creds'),
      }),
    ).toThrow(/EVENTS_BUS_NKEY.*set one/);
    expect(() =>
      loadConfig({ EVENTS_BUS: 'nats://api:pw@127.0.0.1:4222', EVENTS_BUS_CREDS: file('api.creds') }),
    ).toThrow(/EVENTS_BUS_CREDS.*credentials in EVENTS_BUS's URLs/);
  });

  it('tls:// servers with a CA file (and a client certificate with its key); TLS settings without tls:// are refused, as is a mix', () => {
    expect(
      loadConfig({ EVENTS_BUS: 'tls://api:pw@127.0.0.7:4222', EVENTS_BUS_TLS_CA: file('ca.pem') }).eventsBus,
    ).toMatchObject({
      servers: ['tls://127.0.0.7:4222'],
      auth: { kind: 'user', user: 'api', pass: 'pw' },
      tls: { caFile: file('ca.pem') },
    });
    expect(loadConfig({ EVENTS_BUS: 'tls://127.0.0.7:4222' }).eventsBus?.tls).toEqual({});
    expect(
      loadConfig({
        EVENTS_BUS: 'tls://127.0.0.7:4222',
        EVENTS_BUS_TLS_CERT: file('ca.pem'),
        EVENTS_BUS_TLS_KEY: file('client.key'),
      }).eventsBus?.tls,
    ).toEqual({ certFile: file('ca.pem'), keyFile: file('client.key') });
    expect(() =>
      loadConfig({ EVENTS_BUS: 'nats://127.0.0.7:4222', EVENTS_BUS_TLS_CA: file('ca.pem') }),
    ).toThrow(/EVENTS_BUS_TLS_CA.*only to tls:\/\//);
    expect(() => loadConfig({ EVENTS_BUS: 'tls://127.0.0.7:4222,nats://127.0.0.8:4222' })).toThrow(
      /EVENTS_BUS.*mixes tls:\/\/ and nats:\/\//,
    );
    expect(() =>
      loadConfig({ EVENTS_BUS: 'tls://127.0.0.7:4222', EVENTS_BUS_TLS_CA: file('missing.pem') }),
    ).toThrow(/EVENTS_BUS_TLS_CA.*cannot read/);
    expect(() =>
      loadConfig({ EVENTS_BUS: 'tls://127.0.0.7:4222', EVENTS_BUS_TLS_CA: file('client.key') }),
    ).toThrow(/EVENTS_BUS_TLS_CA.*not a PEM file/);
    expect(() =>
      loadConfig({ EVENTS_BUS: 'tls://127.0.0.7:4222', EVENTS_BUS_TLS_CERT: file('ca.pem') }),
    ).toThrow(/EVENTS_BUS_TLS_CERT.*needs its pair/);
    expect(() => loadConfig({ EVENTS_BUS_TLS_CA: file('ca.pem') })).toThrow(
      /EVENTS_BUS_TLS_CA.*set EVENTS_BUS/,
    );
    expect(() => loadConfig({ EVENTS_BUS_NKEY: file('api.nk') })).toThrow(/EVENTS_BUS_NKEY.*set EVENTS_BUS/);
  });
});
