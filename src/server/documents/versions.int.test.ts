// A document's versions through the HTTP API on PGlite and PostgreSQL
// (docs/product.md, Documents API): generating into an open document and compiling it add versions to that document (no new
// history entry); each can be read and restored (a restore is a version too); only the owner sees
// them; at most MAX_VERSIONS_PER_DOCUMENT are kept; their bytes count toward the storage quota.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_VERSIONS_PER_DOCUMENT } from '../../shared/api/versions.js';
import { documentVersions, users } from '../db/schema.js';
import { createTestApp, signUp, type TestApp } from '../../../tests/support/test-app.js';
import { DB_KINDS } from '../../../tests/support/test-db.js';

describe.each(DB_KINDS)('document versions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { USER_STORAGE_MB: '1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const generousAllowance = (userId: number) => t.database.db.update(users).set({ subscriptionTier: 'tier5' }).where(eq(users.id, userId));

  it('generating into the open document and compiling it add versions to it; any one can be read and restored', async () => {
    const owner = await signUp(t);
    await generousAllowance(owner.userId);
    const first = (await send('POST', '/api/latex/generate', owner.cookie, { content: '# Tides\n\nThe tide rises twice a day.', documentType: 'article' })).json();
    const again = await send('POST', '/api/latex/generate', owner.cookie, { content: '# Tides\n\nThe tide rises twice a day, an hour later each day.', documentType: 'article', documentId: first.documentId });
    expect(again.statusCode).toBe(200);
    // The same document, not a new history entry.
    expect(again.json().documentId).toBe(first.documentId);
    expect((await send('GET', '/api/documents', owner.cookie)).json()).toHaveLength(1);

    // Compiling the generated LaTeX as it is marks that version compiled; it adds no copy of it.
    await send('POST', '/api/latex/compile', owner.cookie, { latex: again.json().latex, documentId: first.documentId, pdfFormat: 'url' });
    const marked = (await send('GET', `/api/documents/${first.documentId}/versions`, owner.cookie)).json().versions;
    expect(marked.map((v: { kind: string; compilationSuccessful: boolean | null }) => `${v.kind} ${v.compilationSuccessful}`)).toEqual(['generated true', 'generated null']);

    const edited = again.json().latex.replace('\\end{document}', 'An edit.\n\\end{document}');
    const compiled = await send('POST', '/api/latex/compile', owner.cookie, { latex: edited, documentId: first.documentId, pdfFormat: 'url' });
    expect(compiled.json().compilationResult.success).toBe(true);
    // The raw log comes with the result.
    expect(compiled.json().compilationResult.log).toContain('Output written on');
    // Compiling the same LaTeX again adds nothing.
    await send('POST', '/api/latex/compile', owner.cookie, { latex: edited, documentId: first.documentId, pdfFormat: 'url' });

    const list = await send('GET', `/api/documents/${first.documentId}/versions`, owner.cookie);
    expect(list.statusCode).toBe(200);
    const { versions, max } = list.json();
    expect(max).toBe(MAX_VERSIONS_PER_DOCUMENT);
    expect(versions.map((v: { kind: string }) => v.kind)).toEqual(['compiled', 'generated', 'generated']);
    expect(versions[0]).toMatchObject({ title: 'Tides', documentType: 'article', compilationSuccessful: true });
    expect(Date.parse(versions[0].createdAt)).not.toBeNaN();

    const oldest = versions[2];
    const read = await send('GET', `/api/documents/${first.documentId}/versions/${oldest.id}`, owner.cookie);
    expect(read.json()).toMatchObject({ id: oldest.id, kind: 'generated', inputContent: '# Tides\n\nThe tide rises twice a day.', latexContent: first.latex });

    const restored = await send('POST', `/api/documents/${first.documentId}/versions/${oldest.id}/restore`, owner.cookie);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ id: first.documentId, latexContent: first.latex, inputContent: '# Tides\n\nThe tide rises twice a day.', compilationSuccessful: null });
    const after = (await send('GET', `/api/documents/${first.documentId}/versions`, owner.cookie)).json().versions;
    expect(after.map((v: { kind: string }) => v.kind)).toEqual(['restored', 'compiled', 'generated', 'generated']);

    // Nobody else sees them: another person gets 404 exactly as for a missing document or version.
    const stranger = await signUp(t);
    for (const url of [`/api/documents/${first.documentId}/versions`, `/api/documents/${first.documentId}/versions/${oldest.id}`]) {
      expect((await send('GET', url, stranger.cookie)).statusCode).toBe(404);
    }
    expect((await send('POST', `/api/documents/${first.documentId}/versions/${oldest.id}/restore`, stranger.cookie)).statusCode).toBe(404);
    expect((await send('GET', `/api/documents/${first.documentId}/versions/2147483647`, owner.cookie)).json().message).toBe('Version not found');
    expect((await send('GET', `/api/documents/${first.documentId}/versions/1e3`, owner.cookie)).statusCode).toBe(400);
    // Generating into someone else's document is a 404 and charges nothing.
    const foreign = await send('POST', '/api/latex/generate', stranger.cookie, { content: 'x', documentId: first.documentId });
    expect(foreign.statusCode).toBe(404);
    expect((await send('GET', '/api/auth/me', stranger.cookie)).json().user.monthlyUsage).toBe(0);
  });

  it('keeps at most MAX_VERSIONS_PER_DOCUMENT, dropping the oldest', async () => {
    const owner = await signUp(t);
    const doc = (await send('POST', '/api/documents', owner.cookie, { inputContent: 'n', latexContent: '' })).json();
    const body = (i: number) => `\\documentclass{article}\\begin{document}Version ${i}.\\end{document}`;
    // Versions written straight to the table, as compiles would (60 compiles would take minutes).
    for (let i = 0; i < MAX_VERSIONS_PER_DOCUMENT + 9; i++) {
      await t.database.db.insert(documentVersions).values({ documentId: doc.id, kind: 'compiled', title: 't', inputContent: 'n', latexContent: body(i), documentType: 'basic' });
    }
    await send('POST', '/api/latex/compile', owner.cookie, { latex: body(999), documentId: doc.id, pdfFormat: 'url' });
    const { versions } = (await send('GET', `/api/documents/${doc.id}/versions`, owner.cookie)).json();
    expect(versions).toHaveLength(MAX_VERSIONS_PER_DOCUMENT);
    const newest = (await send('GET', `/api/documents/${doc.id}/versions/${versions[0].id}`, owner.cookie)).json();
    expect(newest.latexContent).toBe(body(999));
    const oldestKept = (await send('GET', `/api/documents/${doc.id}/versions/${versions.at(-1).id}`, owner.cookie)).json();
    expect(oldestKept.latexContent).toBe(body(10));
  });

  it('counts versions toward the storage quota: a restore past it is refused with 413 and changes nothing', async () => {
    const owner = await signUp(t);
    // 1 MB of storage: a 400 KB LaTeX document, a version of it, and a 300 KB one.
    const big = `\\documentclass{article}\\begin{document}${'a'.repeat(400_000)}\\end{document}`;
    const doc = (await send('POST', '/api/documents', owner.cookie, { inputContent: 'n', latexContent: '' })).json();
    await t.database.db.insert(documentVersions).values({ documentId: doc.id, kind: 'compiled', title: 't', inputContent: 'n', latexContent: big, documentType: 'basic' });
    await t.database.db.insert(documentVersions).values({ documentId: doc.id, kind: 'compiled', title: 't', inputContent: 'n', latexContent: big.replace('a', 'b'), documentType: 'basic' });
    const { versions } = (await send('GET', `/api/documents/${doc.id}/versions`, owner.cookie)).json();
    // Restoring the older one would add its 400 KB to the document and a third 400 KB version: over 1 MB.
    const refused = await send('POST', `/api/documents/${doc.id}/versions/${versions[1].id}/restore`, owner.cookie);
    expect(refused.statusCode).toBe(413);
    expect((await send('GET', `/api/documents/${doc.id}`, owner.cookie)).json().latexContent).toBe('');
    expect((await send('GET', `/api/documents/${doc.id}/versions`, owner.cookie)).json().versions).toHaveLength(2);
  });
});
