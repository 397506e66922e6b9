import { it } from 'vitest';
import { createTestApp } from '../tests/support/test-app.js';
it('prints', async () => {
  const t = await createTestApp('pglite');
  const res = await t.app.inject({ url: '/api/openapi.json' });
  console.log('OPENAPI', res.statusCode, JSON.stringify(Object.fromEntries(Object.entries(res.json().paths).map(([p, ops]) => [p, Object.keys(ops as object)]))));
  console.log('SAMPLE', JSON.stringify(res.json().paths['/api/documents/{id}']), JSON.stringify(res.json().paths['/api/latex/generate']).slice(0, 1500));
  await t.close();
});
