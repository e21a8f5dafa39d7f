import { describe, expect, it } from 'vitest';
import { listEndpoints } from './all.ts';
import { endpoint, endpointPath, io, pathParamNames } from './endpoint.ts';

const approve = endpoint('post', '/api/task/tasks/:id/nodes/:nodeId/approval/', io<{ answer: unknown }>());

describe('endpointPath', () => {
  it('fills in each named parameter, encoded', () => {
    expect(endpointPath(approve, { id: 12, nodeId: 'a/b c' })).toBe(
      '/api/task/tasks/12/nodes/a%2Fb%20c/approval/',
    );
  });

  it('refuses a missing parameter rather than calling a wrong path', () => {
    expect(() => endpointPath(approve, { id: 1 } as never)).toThrow(':nodeId');
  });
});

describe('the endpoint table', () => {
  it('declares each method and path once, all under /api/ with the trailing slash (a file name without)', () => {
    const all = listEndpoints();
    const keys = all.map(({ endpoint: e }) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const { endpoint: e } of all) {
      if (e.path === '/cas/slo/') continue;
      expect(e.path).toMatch(/^\/api\/.*(\/|\.json)$/);
    }
    expect(pathParamNames('/api/banks/:bankCode/branches/choice/')).toEqual(['bankCode']);
  });
});
