// JSON request bodies: an empty body is an empty request, and a body that nests deeper than any of
// the API's (MAX_JSON_DEPTH) is refused with 400 before JSON.parse sees it. V8's JSON.parse takes
// seconds on 2 MB of `[[[[…` (it builds a million arrays: 4-7 s measured here), and only a body
// limit far below any note would stop that by size; the check is one linear pass (strings skipped
// whole by a regular expression, brackets counted), of the order of JSON.parse on ordinary bodies.
// (No maintained parser on npm stops at a depth: secure-json-parse, which Fastify uses, has only its
// prototype-poisoning options.) The route's body limit has
// already bounded the text; Fastify's own parser (secure-json-parse: prototype poisoning) then parses.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/** Deeper than any body of the API (the deepest, a generation's options, is 3). */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = `The JSON body nests deeper than ${MAX_JSON_DEPTH} levels.`;

/** The next quote or bracket. */
const NEXT = /["[\]{}]/g;
/** A JSON string whole, escapes included, from its opening quote (sticky; one way to match). */
const STRING = /"[^"\\]*(?:\\[^][^"\\]*)*"/y;

/**
 * Whether JSON text opens more than `max` arrays or objects inside each other (strings aside).
 * Each string is matched once from its opening quote, so the pass is linear; at a string that never
 * ends the text is not JSON, and JSON.parse says so at once.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  NEXT.lastIndex = 0;
  // test() moves lastIndex past each match without building a match array.
  while (NEXT.test(text)) {
    const at = NEXT.lastIndex - 1;
    const char = text.charCodeAt(at);
    if (char === 0x22) {
      STRING.lastIndex = at;
      if (!STRING.test(text)) return false;
      NEXT.lastIndex = STRING.lastIndex;
    } else if (char === 0x5b || char === 0x7b) {
      if (++depth > max) return true;
    } else {
      depth--;
    }
  }
  return false;
}

export function registerJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, body, done) => {
    const text = body as string;
    if (text === '' || text === undefined) return done(null, undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return done(new HttpError(400, JSON_TOO_DEEP_MESSAGE), undefined);
    return parse(request, text, done);
  });
}
