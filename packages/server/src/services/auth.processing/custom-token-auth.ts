import type { ServiceContext } from '../../kit/context.ts';
import type { AuthContext } from '../../kit/request-context.ts';

/** Custom tokens (issue 3): not accepted yet. */
export async function authenticateCustomToken(_ctx: ServiceContext, _token: string): Promise<AuthContext | null> {
  return null;
}
