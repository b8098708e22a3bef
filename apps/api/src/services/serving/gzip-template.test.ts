// The spliced gzip of a templated answer (gzip-template.ts): whatever the slot values, the member
// decompresses (zlib checks its CRC and size) to exactly the filled text, and a value repeated across
// the answer costs a match, not its bytes again. Chromium decodes these answers too: the e2e player
// journeys fetch VAST with gzip (e2e/player.test.ts).
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { mulberry32 } from '../demo/seeded-random';
import { answerTemplate, fillAnswer, slot } from './answer-template';
import { MAX_DISTANCE } from './deflate-codes';
import { compileGzipTemplate, gzipAnswer, gzipFilled, libraryGzip, setLibraryGzip } from './gzip-template';

const random = mulberry32(20261125);
const text = (length: number, alphabet: string) =>
  Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
const URL_SAFE = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.%&=';

/** A VAST-like template: a tracking URL per event, each with the impression's query, and its id once. */
function vastLike(events: number) {
  const url = (event: string) =>
    `<Tracking event="${event}"><![CDATA[https://ads.example/serve/t/${event}?${slot('query')}&gdpr_consent=[GDPRCONSENT]]]></Tracking>`;
  const source = `<?xml version="1.0"?><VAST version="4.2"><Ad><InLine><AdServingId>${slot('id')}</AdServingId>${Array.from(
    { length: events },
    (_, index) => url(`event${index}`),
  ).join('\n')}</InLine></Ad></VAST>\n`;
  return answerTemplate(source, ['query', 'id']);
}

describe('gzip spliced from a template', () => {
  it('decompresses to exactly the filled text for any slot values, lengths and characters (300 random templates)', () => {
    const names = ['query', 'id', 'click'];
    for (let trial = 0; trial < 300; trial += 1) {
      const pieces: string[] = [];
      const shared = text(40, URL_SAFE);
      for (let index = 0; index < Math.floor(random() * 25); index += 1) {
        pieces.push(
          random() < 0.5
            ? `<Tracking><![CDATA[https://ads.example/serve/t/${shared}?`
            : text(Math.floor(random() * 200), 'aé€ <>"xyz'),
        );
        pieces.push(slot(names[Math.floor(random() * names.length)] as string));
      }
      pieces.push(text(Math.floor(random() * 40), URL_SAFE));
      const template = answerTemplate(pieces.join(''), names);
      const values = Object.fromEntries(
        names.map((name) => [
          name,
          text(Math.floor(random() * (random() < 0.1 ? 600 : 150)), `${URL_SAFE}é€`),
        ]),
      );
      const member = gzipFilled(compileGzipTemplate(template), values);
      expect(member).toBeDefined();
      expect(gunzipSync(member as Buffer).toString('utf8')).toBe(fillAnswer(template, values));
    }
  });

  it('gives matches across slots the distance of this request: slot values of 0 to 700 bytes', () => {
    const template = vastLike(20);
    const compiled = compileGzipTemplate(template);
    for (const length of [0, 1, 2, 3, 4, 130, 257, 258, 259, 260, 261, 516, 700]) {
      const values = { query: text(length, URL_SAFE), id: text(Math.min(length, 23), URL_SAFE) };
      const member = gzipFilled(compiled, values) as Buffer;
      expect(gunzipSync(member).toString('utf8')).toBe(fillAnswer(template, values));
    }
  });

  it('codes a slot value repeated in the answer as matches: twenty copies of a 130-byte query add a few bytes each', () => {
    const template = vastLike(20);
    const compiled = compileGzipTemplate(template);
    const once = gzipFilled(compiled, { query: text(130, URL_SAFE), id: 'a' }) as Buffer;
    const empty = gzipFilled(compiled, { query: '', id: 'a' }) as Buffer;
    // The first copy as literals (at most 9 bits a byte), each of the other 19 a match of at most 31 bits.
    expect(once.length - empty.length).toBeLessThanOrEqual(Math.ceil((130 * 9 + 19 * 31) / 8));
    // The filled text is 20 × 130 bytes longer, the member barely.
    expect(
      fillAnswer(template, { query: text(130, URL_SAFE), id: 'a' }).length -
        fillAnswer(template, { query: '', id: 'a' }).length,
    ).toBe(2600);
  });

  it('answers nothing when a distance would leave the 32 KB window, and gzipAnswer then compresses the whole text', () => {
    const template = answerTemplate(
      `${'constant text '.repeat(20)}${slot('big')}${'constant text '.repeat(20)}`,
      ['big'],
    );
    const values = { big: text(MAX_DISTANCE + 10, URL_SAFE) };
    expect(gzipFilled(compileGzipTemplate(template), values)).toBeUndefined();
    expect(gunzipSync(gzipAnswer({ template, values })).toString('utf8')).toBe(fillAnswer(template, values));
  });

  it('compiles a new template after its first answer (that one compressed whole): both decode alike', async () => {
    const template = vastLike(5);
    const values = { query: 'l=abc&i=t.xyz&s=sig', id: 't.xyz' };
    const first = gzipAnswer({ template, values });
    await new Promise((resolve) => setImmediate(resolve));
    const spliced = gzipAnswer({ template, values });
    expect(gunzipSync(first).toString('utf8')).toBe(fillAnswer(template, values));
    expect(gunzipSync(spliced).toString('utf8')).toBe(fillAnswer(template, values));
    expect(spliced.equals(gzipFilled(compileGzipTemplate(template), values) as Buffer)).toBe(true);
  });

  it('codes an answer whose values have the lengths of an earlier one as a copy of it with the new values written in', async () => {
    const template = vastLike(20);
    const warm = { query: text(131, URL_SAFE), id: text(23, URL_SAFE) };
    gzipAnswer({ template, values: warm });
    await new Promise((resolve) => setImmediate(resolve));
    gzipAnswer({ template, values: warm }); // codes it and keeps its layout
    for (let trial = 0; trial < 200; trial += 1) {
      // The same lengths, other text; then a non-ASCII value of the same length (coded afresh).
      const values =
        trial === 199
          ? { query: `é${text(130, URL_SAFE)}`, id: text(23, URL_SAFE) }
          : { query: text(131, URL_SAFE), id: text(23, URL_SAFE) };
      const member = gzipAnswer({ template, values });
      expect(gunzipSync(member).toString('utf8')).toBe(fillAnswer(template, values));
      if (trial < 199) expect(member).toEqual(gzipFilled(compileGzipTemplate(template), values));
    }
  });

  describe('and its switch back to zlib', () => {
    afterEach(() => setLibraryGzip(false));

    it('gives the same bytes through the splice as through zlib: each member inflates to the filled text (400 answers of 40 random templates)', async () => {
      const names = ['query', 'id', 'click'];
      for (let trial = 0; trial < 40; trial += 1) {
        const pieces = Array.from({ length: 2 + Math.floor(random() * 20) }, () =>
          random() < 0.5 ? `<Tracking><![CDATA[https://ads.example/serve/t/?` : text(60, 'aé€ <>"xyz'),
        ).flatMap((piece) => [piece, slot(names[Math.floor(random() * names.length)] as string)]);
        const template = answerTemplate(pieces.join(''), names);
        // The first answer compiles the template (after this turn); the next ones are spliced.
        gzipAnswer({ template, values: { query: '', id: '', click: '' } });
        await new Promise((resolve) => setImmediate(resolve));
        for (let answer = 0; answer < 10; answer += 1) {
          // Half the answers keep the lengths of the one before (a layout's copy), half take new ones.
          const length = answer % 2 === 0 ? Math.floor(random() * 300) : 131;
          const values = { query: text(length, URL_SAFE), id: text(23, URL_SAFE), click: text(40, URL_SAFE) };
          const spliced = gzipAnswer({ template, values });
          const zlib = libraryGzip({ template, values });
          // Two different members (the splice did run) that inflate to the same bytes.
          expect(spliced.equals(zlib)).toBe(false);
          expect(gunzipSync(spliced).equals(gunzipSync(zlib))).toBe(true);
          expect(gunzipSync(zlib).toString('utf8')).toBe(fillAnswer(template, values));
        }
      }
    });

    it("compresses with zlib while SERVING_LIBRARY_CALLS is set: the member is gzipSync's, byte for byte", async () => {
      const template = vastLike(20);
      const values = { query: text(131, URL_SAFE), id: text(23, URL_SAFE) };
      gzipAnswer({ template, values });
      await new Promise((resolve) => setImmediate(resolve));
      expect(gzipAnswer({ template, values }).equals(libraryGzip({ template, values }))).toBe(false);
      setLibraryGzip(true);
      expect(gzipAnswer({ template, values }).equals(libraryGzip({ template, values }))).toBe(true);
      expect(
        libraryGzip({ template, values }).equals(gzipSync(fillAnswer(template, values), { level: 1 })),
      ).toBe(true);
    });
  });
});
