import { z } from 'zod';
import { actionBody } from '../kit/jsonapi.ts';
import { id } from '../kit/fields.ts';

/**
 * POST /api/v1/auth_with_client {client_id}: act as another of one's clients. Internal users may
 * choose any client, or `null` to act as no client (the platform itself).
 */
export const authWithClientBody = actionBody(z.strictObject({ client_id: id().nullable() }));

/** POST /api/v1/join_client {client_id}: an internal root holder logs in as any client. */
export const joinClientBody = actionBody(z.strictObject({ client_id: id() }));
