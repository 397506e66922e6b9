// Checks every route's input has to pass before its own schema: no NUL character in any string
// (PostgreSQL's text cannot hold one, and no person types one), so such input is a 400 with a
// clear message instead of a database error. Applied to bodies, query strings, path parameters
// and headers of every route that has a schema, through the validator compiler.
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { DomainError } from '../domain-errors.js';

export const NUL_MESSAGE = 'Text must not contain NUL (\\u0000) characters.';

export class NulCharacterError extends DomainError {
  readonly kind = 'invalid';
  constructor() {
    super(NUL_MESSAGE);
  }
}

/** True when a string anywhere in `value` holds a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}

export const hygienicValidatorCompiler: FastifySchemaCompiler<Parameters<typeof validatorCompiler>[0]['schema']> = (routeSchema) => {
  const validate = validatorCompiler(routeSchema);
  return (data: unknown) => (containsNul(data) ? { error: new NulCharacterError() } : validate(data));
};
