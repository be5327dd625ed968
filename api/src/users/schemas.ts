/**
 * Request and response schemas of the users routes (spec 7).
 */
import { countResponse } from '../common/schemas.ts';

export const usersCountSchema = {
  tags: ['users'],
  summary: 'Number of user accounts',
  response: countResponse,
} as const;
