import { describe, expect, it } from 'vitest';
import { SERVE_AD_QUERY, SERVE_PATHS } from '../../serving/serve-paths';
import { type ServeRouteContract, servingContract } from './contract';
import { servePlacementQuerySchema, serveTagQuerySchema } from './requests';

const entries = Object.entries(servingContract) as [string, ServeRouteContract][];

/** The names in braces of a contract path. */
const pathParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);

/** Whether a concrete path is one of a contract path's (a rest parameter takes slashes too). */
const matches = (entry: ServeRouteContract, path: string) => {
  const pattern = entry.path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const name = /^\{(.+)\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      return name === entry.rest ? '.+' : '[^/]+';
    })
    .join('');
  return new RegExp(`^${pattern}$`).test(path);
};

describe('the serving contract', () => {
  it('declares each route once, under /serve/, with a unique operation id', () => {
    const routes = entries.map(([, entry]) => `${entry.method} ${entry.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    const ids = entries.map(([, entry]) => entry.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [, entry] of entries) expect(entry.path).toMatch(/^\/serve\//);
  });

  it('names every path parameter in its params schema, and a rest parameter last in the path', () => {
    for (const [name, entry] of entries) {
      const inPath = pathParams(entry.path);
      expect(Object.keys(entry.params?.shape ?? {}), name).toEqual(inPath);
      if (entry.rest !== undefined) {
        expect(inPath.at(-1), name).toBe(entry.rest);
        expect(entry.path.endsWith(`{${entry.rest}}`), name).toBe(true);
      }
    }
  });

  it('gives every answer a description, and every JSON answer its schema', () => {
    for (const [name, entry] of entries) {
      expect(Object.keys(entry.answers).length, name).toBeGreaterThan(0);
      for (const answer of Object.values(entry.answers)) {
        expect(answer.description, name).not.toBe('');
        const kinds = ([] as string[]).concat(answer.kind);
        expect(kinds.includes('json') ? answer.schema : 'no schema needed', name).toBeDefined();
      }
    }
  });

  it('declares every path SERVE_PATHS builds', () => {
    const built = [
      SERVE_PATHS.init,
      SERVE_PATHS.video,
      SERVE_PATHS.ad('abc'),
      SERVE_PATHS.vast('abc'),
      SERVE_PATHS.vpaid('abc'),
      SERVE_PATHS.adPlacement('abc'),
      SERVE_PATHS.vastPlacement('abc'),
      SERVE_PATHS.vpaidPlacement('abc'),
      SERVE_PATHS.track('impression'),
      SERVE_PATHS.click('abc'),
      SERVE_PATHS.html5('abc', 'sub/index.html'),
      SERVE_PATHS.files('assets/abc/main.mp4'),
      SERVE_PATHS.conversionTag,
      SERVE_PATHS.conversion('abc'),
      SERVE_PATHS.demo,
      SERVE_PATHS.preview,
      SERVE_PATHS.previewScript,
    ];
    expect(built).toHaveLength(Object.keys(SERVE_PATHS).length);
    for (const path of built) {
      expect(
        entries.some(([, entry]) => entry.method === 'GET' && matches(entry, path)),
        path,
      ).toBe(true);
    }
  });

  it('reads every query parameter the ad runtime sends with an ad request', () => {
    const { position, ...tagQuery } = SERVE_AD_QUERY;
    expect(Object.keys(serveTagQuerySchema.shape)).toEqual(expect.arrayContaining(Object.values(tagQuery)));
    expect(servingContract.ad.query).toBe(serveTagQuerySchema);
    // A placement's tag (docs/serving.md, "Placements") also sends the position the page showed last.
    expect(Object.keys(servePlacementQuerySchema.shape)).toEqual(
      expect.arrayContaining(Object.values(SERVE_AD_QUERY)),
    );
    expect(servingContract.adPlacement.query).toBe(servePlacementQuerySchema);
    expect(position).toBe('pos');
  });

  it('does not take a rest of the path where a route takes one segment', () => {
    expect(matches(servingContract.click, '/serve/click/abc')).toBe(true);
    expect(matches(servingContract.click, '/serve/click/abc/def')).toBe(false);
    expect(matches(servingContract.files, '/serve/files/assets/abc/main.mp4')).toBe(true);
  });
});
