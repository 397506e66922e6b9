// /dev/outbox: the mails the outbox mailer wrote, for a person trying the app without a mail server
// (and for end-to-end tests, as JSON). Only in development with the outbox, and only to clients on
// this machine (loopback): every user's verification and password-reset link is on it. In
// production the outbox is files in DATA_DIR/outbox and nothing else, and these paths are 404.
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../http/html.js';
import { isLoopbackClient } from '../http/loopback.js';
import type { Mailer } from './mailer.js';

const DEV_PATHS = ['/dev/outbox', '/dev/outbox.json'];

export async function outboxRoutes(app: FastifyInstance, { mailer, production }: { mailer: Mailer; production: boolean }) {
  const list = mailer.list;
  if (production) {
    // Answered here, or the web client's fallback would serve its page for these paths.
    for (const path of DEV_PATHS) app.get(path, async (_request, reply) => reply.code(404).send({ message: 'Not found' }));
    return;
  }
  if (mailer.kind !== 'outbox' || !list) return;

  // Another machine gets the same 404 as in production, before any mail is read.
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackClient(request)) return reply.code(404).send({ message: 'Not found' });
  });

  app.get('/dev/outbox.json', async () => ({ messages: await list() }));

  app.get('/dev/outbox', async (_request, reply) => {
    const mails = await list();
    const rows = mails
      .map(
        (m) => `<li><p><strong>${escapeHtml(m.subject)}</strong><br>to ${escapeHtml(m.to)} · ${escapeHtml(m.sentAt)}</p>
${m.link ? `<p><a href="${escapeHtml(m.link)}">${escapeHtml(m.link)}</a></p>` : ''}<details><summary>Text</summary><pre>${escapeHtml(m.text)}</pre></details></li>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Outbox · AI Latex Generator</title><meta name="viewport" content="width=device-width,initial-scale=1"></head>
<body><main><h1>Outbox</h1><p>Emails the app would have sent. No mail server is configured (set SMTP_URL to send real mail).</p>
${mails.length ? `<ul>${rows}</ul>` : '<p>No emails yet.</p>'}</main></body></html>`);
  });
}
