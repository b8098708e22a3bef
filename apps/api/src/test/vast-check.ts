// Checking VAST as the IAB schema and a player see it: xmllint against the IAB 4.2 schema (vendored in
// test/vast), and @dailymotion/vast-client's parser collecting its warnings.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VASTParser } from '@dailymotion/vast-client';
import { DOMParser, Element } from '@xmldom/xmldom';
import { PLAYER_MACROS } from '../services/serving/vast';

const XSD = path.resolve(__dirname, 'vast/vast_4.2.xsd');

// vast-client reads required values through Element.children, which xmldom does not provide.
if (!Object.getOwnPropertyDescriptor(Element.prototype, 'children')) {
  Object.defineProperty(Element.prototype, 'children', {
    get(this: Element) {
      return Array.from(this.childNodes as unknown as ArrayLike<{ nodeType: number }>).filter(
        (node) => node.nodeType === 1,
      );
    },
  });
}

/**
 * Validates a VAST document against the IAB 4.2 schema with xmllint, throwing its complaint. The
 * player macros our URLs carry raw ('[ERRORCODE]') are percent-encoded first, and only they: libxml2
 * checks xs:anyURI as a strict RFC 3986 URI, while XSD 1.0's anyURI admits the brackets VAST's macros
 * are written with (docs/serving.md). Any other bracket still fails.
 */
export async function assertValidVast(xml: string) {
  const dir = await mkdtemp(path.join(tmpdir(), 'vast-'));
  const file = path.join(dir, 'ad.xml');
  const macros = new RegExp(`\\[(${PLAYER_MACROS.join('|')})\\]`, 'g');
  await writeFile(file, xml.replace(macros, '%5B$1%5D'));
  try {
    execFileSync('xmllint', ['--noout', '--schema', XSD, file], { stdio: 'pipe' });
  } catch (error) {
    throw new Error(`xmllint: ${(error as { stderr?: Buffer }).stderr?.toString() ?? String(error)}\n${xml}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Parses VAST as a player's vast-client does, collecting its warnings. */
export async function parseAsPlayer(xml: string) {
  const parser = new VASTParser();
  const warnings: unknown[] = [];
  parser.on('VAST-warning', (warning: unknown) => warnings.push(warning));
  const document = new DOMParser().parseFromString(xml, 'text/xml');
  const response = await parser.parseVAST(document as unknown as Document);
  return { response, warnings };
}
