import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from environment variables', () => {
  it('applies the documented defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(4000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.companyDomain).toBe('adconsole.test');
    expect(config.adminEmail).toBe('demo@adconsole.test');
    expect(config.smtpUrl).toBeUndefined();
    expect(config.s3).toBeUndefined();
    expect(config.consoleDir.endsWith(path.join('console', 'dist'))).toBe(true);
    expect(config.tcfVendorID).toBe(755);
  });

  it('TCF_VENDOR_ID sets the vendor id of the consent macros in tags', () => {
    expect(loadConfig({ TCF_VENDOR_ID: '1234' }).tcfVendorID).toBe(1234);
    expect(loadConfig({ TCF_VENDOR_ID: '1234' }).privacy.tcfVendorId).toBe(1234);
  });

  it('the privacy settings: GPC and DNT opt-outs everywhere and an EEA request without a GDPR signal under GDPR by default, each one a choice (docs/privacy.md)', () => {
    expect(loadConfig({}).privacy).toEqual({
      tcfVendorId: 755,
      gpcEverywhere: true,
      dnt: true,
      eeaWithoutSignalIsNoConsent: true,
    });
    expect(
      loadConfig({ PRIVACY_GPC: 'us', PRIVACY_DNT: 'ignore', PRIVACY_EEA_WITHOUT_SIGNAL: 'allow' }).privacy,
    ).toEqual({ tcfVendorId: 755, gpcEverywhere: false, dnt: false, eeaWithoutSignalIsNoConsent: false });
  });

  it('derives PUBLIC_URL from PORT and ADMIN_EMAIL from COMPANY_DOMAIN', () => {
    const config = loadConfig({ PORT: '5123', COMPANY_DOMAIN: 'Example.com' });
    expect(config.publicUrl).toBe('http://localhost:5123');
    expect(config.adminEmail).toBe('demo@example.com');
  });

  it('reads every variable it documents', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'https://ads.example.com/',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h:5432/db',
      COMPANY_DOMAIN: 'example.com',
      ADMIN_EMAIL: 'Boss@example.com',
      SMTP_URL: 'smtp://mail.example.com:25',
      S3_BUCKET: 'b',
      S3_REGION: 'eu-west-1',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      CONSOLE_DIR: '/srv/console',
      DEMO_PASSWORD: 'secret123',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      publicUrl: 'https://ads.example.com',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h:5432/db',
      companyDomain: 'example.com',
      adminEmail: 'boss@example.com',
      smtpUrl: 'smtp://mail.example.com:25',
      s3: {
        bucket: 'b',
        region: 'eu-west-1',
        endpoint: 'http://minio:9000',
        accessKeyId: 'k',
        secretAccessKey: 's',
      },
      consoleDir: '/srv/console',
      demoPassword: 'secret123',
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'localhost:4000'],
    ['DATABASE_URL', 'mysql://x'],
    ['COMPANY_DOMAIN', 'not a domain'],
    ['ADMIN_EMAIL', 'nobody'],
    ['SMTP_URL', 'http://mail'],
    ['S3_ENDPOINT', 'minio:9000'],
    ['DEMO_PASSWORD', 'abc'],
    ['DEMO_DAYS', '0'],
    ['DEMO_DAYS', 'ninety'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'maybe'],
    ['SERVE_RATE_LIMIT', '-1'],
    ['SERVE_RATE_LIMIT', 'ten'],
    ['SSAI_PROXIES', 'stitcher.example'],
    ['SSAI_PROXIES', '127.0.0.0/33'],
    ['EVENTS_URL', 'clickhouse://events:9000'],
    ['EVENTS_URL', 'http://events:8123/a/b'],
    ['TCF_VENDOR_ID', 'google'],
    ['TCF_VENDOR_ID', '0'],
    ['TCF_VENDOR_ID', '7.5'],
    ['PRIVACY_GPC', 'eu'],
    ['PRIVACY_DNT', 'yes'],
    ['PRIVACY_EEA_WITHOUT_SIGNAL', 'maybe'],
    ['COUNTRY_DATABASE_FILE', '/nonexistent/geo-whois-asn-country.mmdb'],
  ])('a bad %s stops the server with a message naming the variable', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`\\b${variable}\\b`));
  });

  it('USER_MAILS_PER_DAY: 200 mails a user a day by default; its former name REPORT_MAILS_PER_USER_PER_DAY still read', () => {
    expect(loadConfig({}).limits.userMailsPerDay).toBe(200);
    expect(loadConfig({ USER_MAILS_PER_DAY: '50' }).limits.userMailsPerDay).toBe(50);
    expect(loadConfig({ REPORT_MAILS_PER_USER_PER_DAY: '40' }).limits.userMailsPerDay).toBe(40);
    expect(
      loadConfig({ USER_MAILS_PER_DAY: '40', REPORT_MAILS_PER_USER_PER_DAY: '40' }).limits.userMailsPerDay,
    ).toBe(40);
    expect(() => loadConfig({ USER_MAILS_PER_DAY: '50', REPORT_MAILS_PER_USER_PER_DAY: '40' })).toThrow(
      /REPORT_MAILS_PER_USER_PER_DAY: is the former name of USER_MAILS_PER_DAY/,
    );
  });

  it('WEBHOOK_ALLOWED_PORTS: receivers on 80 and 443 by default; a list of ports and ranges otherwise', () => {
    expect(loadConfig({}).webhooks).toEqual({
      allowedHosts: [],
      allowedPorts: [
        { from: 80, to: 80 },
        { from: 443, to: 443 },
      ],
    });
    expect(loadConfig({ WEBHOOK_ALLOWED_PORTS: ' 443, 8000-8099 ' }).webhooks.allowedPorts).toEqual([
      { from: 443, to: 443 },
      { from: 8000, to: 8099 },
    ]);
    for (const value of ['0', '70000', '9000-8000', 'https', '443,,80'])
      expect(() => loadConfig({ WEBHOOK_ALLOWED_PORTS: value }), value).toThrow(/WEBHOOK_ALLOWED_PORTS/);
  });

  it('invalid-traffic settings: ten ad requests a minute per client by default, no SSAI proxy unless listed', () => {
    expect(loadConfig({}).traffic).toEqual({
      adRequestsPerMinute: 10,
      ssaiProxies: [],
      evenDeliveryPeriodMs: 300_000,
    });
    expect(
      loadConfig({ SERVE_RATE_LIMIT: '0', SSAI_PROXIES: '203.0.113.7, 198.51.100.0/24,2001:db8::/32' })
        .traffic,
    ).toEqual({
      adRequestsPerMinute: 0,
      ssaiProxies: ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'],
      evenDeliveryPeriodMs: 300_000,
    });
  });

  it('EVEN_DELIVERY_PERIOD_MINUTES: how often the even delivery throttles are recomputed, 1 to 60 minutes', () => {
    expect(loadConfig({ EVEN_DELIVERY_PERIOD_MINUTES: '15' }).traffic.evenDeliveryPeriodMs).toBe(900_000);
    expect(() => loadConfig({ EVEN_DELIVERY_PERIOD_MINUTES: '0' })).toThrow(/EVEN_DELIVERY_PERIOD_MINUTES/);
  });

  it('COUNTRY_DATABASE_FILE names an IP-to-country file read instead of the packaged one', () => {
    expect(loadConfig({}).traffic.countryDatabaseFile).toBeUndefined();
    const file = fileURLToPath(import.meta.url);
    expect(loadConfig({ COUNTRY_DATABASE_FILE: file }).traffic.countryDatabaseFile).toBe(file);
  });

  it('refuses S3 settings without a bucket, naming S3_BUCKET', () => {
    expect(() => loadConfig({ S3_REGION: 'eu-west-1' })).toThrow(/S3_BUCKET/);
  });

  it('EVENTS_URL switches events to ClickHouse: its path names the database, EVENTS_TTL_DAYS the raw TTL', () => {
    expect(loadConfig({}).events).toBeUndefined();
    expect(loadConfig({ EVENTS_URL: 'https://u:p@events.example:8443' }).events).toEqual({
      url: 'https://u:p@events.example:8443',
      database: 'adconsole',
      // Raw events are kept 400 days in either store by default (docs/privacy.md).
      rawTtlDays: 400,
      asyncInsert: false,
      dedup: 'seen-set',
    });
    expect(loadConfig({ EVENTS_URL: 'http://events:8123/ads_prod', EVENTS_TTL_DAYS: '400' }).events).toEqual({
      url: 'http://events:8123',
      database: 'ads_prod',
      rawTtlDays: 400,
      asyncInsert: false,
      dedup: 'seen-set',
    });
    expect(loadConfig({ EVENTS_URL: 'http://events:8123/ads?ch_insert_quorum=2' }).events?.url).toBe(
      'http://events:8123/?ch_insert_quorum=2',
    );
    expect(() => loadConfig({ EVENTS_TTL_DAYS: '30' })).toThrow(/EVENTS_TTL_DAYS.*EVENTS_URL/);
    expect(
      loadConfig({ EVENTS_URL: 'http://events:8123', EVENTS_ASYNC_INSERT: 'true' }).events?.asyncInsert,
    ).toBe(true);
    expect(() => loadConfig({ EVENTS_ASYNC_INSERT: 'true' })).toThrow(/EVENTS_ASYNC_INSERT.*EVENTS_URL/);
    // Replays recognised by ClickHouse's own keys instead of the main database's seen-set (docs/clickhouse.md).
    expect(loadConfig({ EVENTS_URL: 'http://events:8123', EVENTS_DEDUP: 'clickhouse' }).events?.dedup).toBe(
      'clickhouse',
    );
    expect(() => loadConfig({ EVENTS_URL: 'http://events:8123', EVENTS_DEDUP: 'rocksdb' })).toThrow(
      /EVENTS_DEDUP/,
    );
    expect(() => loadConfig({ EVENTS_DEDUP: 'clickhouse' })).toThrow(/EVENTS_DEDUP.*EVENTS_URL/);
    expect(() => loadConfig({ EVENTS_URL: 'http://events:8123', EVENTS_TTL_DAYS: '0' })).toThrow(
      /EVENTS_TTL_DAYS/,
    );
  });

  it('SERVING_LIBRARY_CALLS: the hand-made HMAC and gzip by default, the library calls when true', () => {
    expect(loadConfig({}).servingLibraryCalls).toBe(false);
    expect(loadConfig({ SERVING_LIBRARY_CALLS: 'true' }).servingLibraryCalls).toBe(true);
    expect(loadConfig({ SERVING_LIBRARY_CALLS: '0' }).servingLibraryCalls).toBe(false);
    expect(() => loadConfig({ SERVING_LIBRARY_CALLS: 'yes' })).toThrow(/SERVING_LIBRARY_CALLS/);
  });

  it('DRAIN_SECONDS: how long a process keeps answering after SIGTERM (none by default, at most 300)', () => {
    expect(loadConfig({}).drainSeconds).toBe(0);
    expect(loadConfig({ DRAIN_SECONDS: '5' }).drainSeconds).toBe(5);
    expect(() => loadConfig({ DRAIN_SECONDS: '301' })).toThrow(/DRAIN_SECONDS/);
  });

  it('journals tracked events by default where the store is another process, not on the embedded PGlite', () => {
    expect(loadConfig({ DATA_DIR: '/srv/ads' }).eventsJournalDir).toBeUndefined();
    expect(loadConfig({ DATA_DIR: '/srv/ads', DATABASE_URL: 'postgres://db/ads' }).eventsJournalDir).toBe(
      path.resolve('/srv/ads/journal'),
    );
    expect(
      loadConfig({ DATA_DIR: '/srv/ads', EVENTS_URL: 'http://clickhouse:8123/ads' }).eventsJournalDir,
    ).toBe(path.resolve('/srv/ads/journal'));
    expect(loadConfig({ EVENTS_JOURNAL: 'on', EVENTS_JOURNAL_DIR: '/var/spool/ads' }).eventsJournalDir).toBe(
      path.resolve('/var/spool/ads'),
    );
    expect(
      loadConfig({ DATABASE_URL: 'postgres://db/ads', EVENTS_JOURNAL: 'off' }).eventsJournalDir,
    ).toBeUndefined();
    expect(() => loadConfig({ EVENTS_JOURNAL: 'yes' })).toThrow(/EVENTS_JOURNAL/);
  });

  it('EVENTS_BUS puts the event log between the processes and the store: one NATS URL or a cluster, three replicas of each message on a cluster, the journal always on for when the log does not answer', () => {
    expect(loadConfig({}).eventsBus).toBeUndefined();
    expect(loadConfig({ DATA_DIR: '/srv/ads', EVENTS_BUS: 'nats://127.0.0.1:4222' })).toMatchObject({
      eventsBus: {
        servers: ['nats://127.0.0.1:4222'],
        stream: 'adconsole_events',
        replicas: 1,
        consume: true,
        ackWaitSeconds: 30,
      },
      eventsJournalDir: path.resolve('/srv/ads/journal'),
    });
    const cluster =
      'nats://127.0.0.7:4222, nats://127.0.0.8:4222,nats://127.0.0.9:4222,nats://127.0.0.10:4222';
    expect(loadConfig({ EVENTS_BUS: cluster }).eventsBus?.replicas).toBe(3);
    expect(
      loadConfig({
        EVENTS_BUS: cluster,
        EVENTS_BUS_STREAM: 'ads_eu',
        EVENTS_BUS_REPLICAS: '5',
        EVENTS_BUS_CONSUMER: 'off',
        EVENTS_BUS_ACK_WAIT_SECONDS: '10',
      }).eventsBus,
    ).toMatchObject({ stream: 'ads_eu', replicas: 5, consume: false, ackWaitSeconds: 10 });
    expect(() => loadConfig({ EVENTS_BUS: 'http://127.0.0.7:4222' })).toThrow(/EVENTS_BUS.*NATS URL/);
    expect(() => loadConfig({ EVENTS_BUS: 'nats://a:4222,' })).not.toThrow();
    expect(() => loadConfig({ EVENTS_BUS: ',' })).toThrow(/EVENTS_BUS/);
    expect(() => loadConfig({ EVENTS_BUS: 'nats://a:4222', EVENTS_BUS_STREAM: 'a.b' })).toThrow(
      /EVENTS_BUS_STREAM/,
    );
    expect(() => loadConfig({ EVENTS_BUS_STREAM: 'ads' })).toThrow(/EVENTS_BUS_STREAM.*set EVENTS_BUS/);
    expect(() => loadConfig({ EVENTS_BUS: 'nats://a:4222', EVENTS_JOURNAL: 'off' })).toThrow(
      /EVENTS_JOURNAL.*cannot be off with EVENTS_BUS/,
    );
  });

  it('SERVER_SECRET_PREVIOUS is the other key of a rotation, accepted and never signing: only beside a SERVER_SECRET it differs from', () => {
    const current = 'c'.repeat(40);
    const previous = 'p'.repeat(40);
    expect(loadConfig({}).serverSecretPrevious).toBeUndefined();
    expect(loadConfig({ SERVER_SECRET: current, SERVER_SECRET_PREVIOUS: previous })).toMatchObject({
      serverSecret: current,
      serverSecretPrevious: previous,
    });
    expect(() => loadConfig({ SERVER_SECRET_PREVIOUS: previous })).toThrow(
      /SERVER_SECRET_PREVIOUS.*only beside SERVER_SECRET/,
    );
    expect(() => loadConfig({ SERVER_SECRET: current, SERVER_SECRET_PREVIOUS: current })).toThrow(
      /SERVER_SECRET_PREVIOUS.*is SERVER_SECRET itself/,
    );
    expect(() => loadConfig({ SERVER_SECRET: current, SERVER_SECRET_PREVIOUS: 'short' })).toThrow(
      /SERVER_SECRET_PREVIOUS.*at least 32 characters/,
    );
  });

  it("EVENTS_JOURNAL_MAX_BYTES is the journal's ceiling: 1 GiB by default, bytes or K, M, G, at least 64K", () => {
    expect(loadConfig({}).eventsJournalMaxBytes).toBe(1024 ** 3);
    expect(loadConfig({ EVENTS_JOURNAL_MAX_BYTES: '2G' }).eventsJournalMaxBytes).toBe(2 * 1024 ** 3);
    expect(loadConfig({ EVENTS_JOURNAL_MAX_BYTES: '512M' }).eventsJournalMaxBytes).toBe(512 * 1024 ** 2);
    expect(loadConfig({ EVENTS_JOURNAL_MAX_BYTES: '65536' }).eventsJournalMaxBytes).toBe(65536);
    expect(() => loadConfig({ EVENTS_JOURNAL_MAX_BYTES: '1000' })).toThrow(
      /EVENTS_JOURNAL_MAX_BYTES.*at least/,
    );
    expect(() => loadConfig({ EVENTS_JOURNAL_MAX_BYTES: 'lots' })).toThrow(
      /EVENTS_JOURNAL_MAX_BYTES.*size in bytes/,
    );
    expect(() => loadConfig({ EVENTS_JOURNAL_MAX_BYTES: '-5M' })).toThrow(/EVENTS_JOURNAL_MAX_BYTES/);
  });
});
