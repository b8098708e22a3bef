// A NATS server with keys, as the deploy guide configures one (docs/deploy.md, section 8 "Who may use the
// log"): TLS on the client port with a throwaway CA made by openssl in the test's folder, and the guide's
// own users block (read from docs/deploy.md, the stream's name put in) so that what the guide says is what
// the tests run. Used by the event log's keys test and the fleet's NATS cluster.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The password of the API's NATS user in the guide's block: the server reads it from its environment. */
export const API_PASSWORD_VARIABLE = 'ADCONSOLE_NATS_PASSWORD';
/** The API's NATS user in the guide's block. */
export const API_USER = 'adconsole-api';

export interface TestCertificates {
  /** The CA's certificate: the API's EVENTS_BUS_TLS_CA. */
  ca: string;
  /** The servers' certificate (for each of `addresses`) and its key. */
  cert: string;
  key: string;
}

/**
 * A throwaway CA (made in `dir` once, then reused) and a server certificate it signs for `addresses` (IP
 * addresses and host names), named `name`.
 */
export async function testCertificates(
  dir: string,
  addresses: readonly string[],
  name = 'nats',
): Promise<TestCertificates> {
  const file = (base: string) => path.join(dir, base);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  if (!existsSync(file('ca.pem')))
    await run('openssl', [
      'req',
      '-x509',
      ...ec,
      '-keyout',
      file('ca-key.pem'),
      '-out',
      file('ca.pem'),
      '-days',
      '2',
      '-subj',
      '/CN=adconsole test CA',
    ]);
  await run('openssl', [
    'req',
    ...ec,
    '-keyout',
    file(`${name}-key.pem`),
    '-out',
    file(`${name}.csr`),
    '-subj',
    `/CN=${name}`,
  ]);
  const names = addresses.map((address) => (/^[\d.]+$|:/.test(address) ? `IP:${address}` : `DNS:${address}`));
  await writeFile(file(`${name}-ext.cnf`), `subjectAltName=${names.join(',')}\n`);
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    file(`${name}.csr`),
    '-CA',
    file('ca.pem'),
    '-CAkey',
    file('ca-key.pem'),
    '-CAcreateserial',
    '-out',
    file(`${name}.pem`),
    '-days',
    '2',
    '-extfile',
    file(`${name}-ext.cnf`),
  ]);
  return { ca: file('ca.pem'), cert: file(`${name}.pem`), key: file(`${name}-key.pem`) };
}

/**
 * The deploy guide's `authorization` block for the API's user (the code block after the line naming
 * `adconsole-users.conf` in docs/deploy.md), its stream `adconsole_events` renamed `stream`, and with
 * `extraUsers` (entries of its `users` list) beside it.
 */
export async function guideUsersBlock(stream = 'adconsole_events', extraUsers = ''): Promise<string> {
  const guide = await readFile(path.join(repo, 'docs/deploy.md'), 'utf8');
  const match = /# \/etc\/nats\/adconsole-users\.conf[^\n]*\n([\s\S]*?)```/.exec(guide);
  if (!match?.[1]) throw new Error('docs/deploy.md has no adconsole-users.conf block');
  const block = match[1].replaceAll('adconsole_events', stream);
  if (extraUsers === '') return block;
  return block.replace(/users: \[\n/, `users: [\n${extraUsers}\n`);
}

/** A server's TLS block with these certificates (the client port only). */
export const tlsBlock = (certificates: TestCertificates) =>
  `tls {\n  cert_file: "${certificates.cert}"\n  key_file: "${certificates.key}"\n}\n`;
