import { Foundation1763800000000 } from './1763800000000-foundation';

/** Every migration of the service, in order; hosts that embed the modules run these too. */
export const MIGRATIONS = [Foundation1763800000000];
