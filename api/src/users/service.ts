/**
 * Users use cases. For now: the count shown in the stats (spec 3 "Stats", spec 7).
 */
import type { UsersRepository } from './repository.ts';

export type UsersService = ReturnType<typeof usersService>;

/** Builds the users service. */
export function usersService(repository: UsersRepository) {
  return {
    /** `GET /users/usersCount`: number of accounts. */
    count: () => repository.countAll(),
  };
}
