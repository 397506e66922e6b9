// Ids of rows (serial columns): PostgreSQL's integer ends at 2^31-1, so a larger id can name
// nothing and must be refused as bad input before it reaches a query.
import { z } from 'zod';

export const MAX_ID = 2_147_483_647;

/** An id in a JSON body. */
export const IdSchema = z.number().int().positive('Invalid id').max(MAX_ID, 'Invalid id');

/** An id in a path (`/api/documents/:id`): digits only, so `1e3`, `0x10` and ` 7` are refused. */
export const IdParamSchema = (message: string) =>
  z
    .string()
    .regex(/^[0-9]{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int().positive(message).max(MAX_ID, message));
