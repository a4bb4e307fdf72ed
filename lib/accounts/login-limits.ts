import "server-only";
import { config } from "@/lib/config";
import { TooManyRequests } from "@/lib/errors";
import { tooManyLoginFailures } from "@/lib/catalogue";
import { backoffAllows, clearFailures, countFailure, reserveAttempt, type Backoff } from "@/lib/rate-limit";

const WINDOW_SECONDS = 60;
/** The longest anyone waits between two tries: the owner at another address never waits at all. */
const LONGEST_WAIT_SECONDS = 15 * 60;

/**
 * Only failures count, and only against one email from one address (a guesser at one account)
 * and, with a much higher ceiling, against one address (a guesser at many accounts). The owner
 * elsewhere is never held up, and a school's logins from one address all get in.
 */
export function loginBackoffs(email: string, ip: string): { pair: Backoff; address: Backoff } {
  const limits = config.login;
  return {
    pair: { key: `login-failures:${email}|${ip}`, free: limits.failuresPerMinute, windowSeconds: WINDOW_SECONDS, capSeconds: LONGEST_WAIT_SECONDS },
    address: { key: `login-failures:${ip}`, free: limits.failuresPerIpPerMinute, windowSeconds: WINDOW_SECONDS, capSeconds: LONGEST_WAIT_SECONDS },
  };
}

function refuse(retryAfterSeconds: number): never {
  throw new TooManyRequests(tooManyLoginFailures(retryAfterSeconds), retryAfterSeconds);
}

/**
 * Before the password is checked: refused while either waits. The pair's try is counted as a
 * failure at once (so a burst of guesses takes turns) and taken back when it succeeds.
 */
export async function admitLogin(email: string, ip: string): Promise<void> {
  const { pair, address } = loginBackoffs(email, ip);
  const byAddress = await backoffAllows(address);
  if (!byAddress.allowed) refuse(byAddress.retryAfterSeconds);
  const byPair = await reserveAttempt(pair);
  if (!byPair.allowed) refuse(byPair.retryAfterSeconds);
}

export async function loginFailed(email: string, ip: string): Promise<void> {
  await countFailure(loginBackoffs(email, ip).address);
}

export async function loginSucceeded(email: string, ip: string): Promise<void> {
  await clearFailures(loginBackoffs(email, ip).pair.key);
}
