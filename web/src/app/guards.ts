import type { Role } from '@railmadad/contract';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { queryClient } from '../lib/query-client';
import { fetchMe } from '../lib/session';
import { homeFor } from './navigation';

/** Every route under the layout: signed-out people go to /login (and come back after). */
export async function requireSession({ request }: LoaderFunctionArgs) {
  const me = await fetchMe(queryClient);
  if (!me) {
    const url = new URL(request.url);
    const next = url.pathname + url.search;
    throw redirect(next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`);
  }
  // An account still without a name (a phone sign-up) gives one first, however it arrives here: a reload included.
  if (me.needsName) throw redirect(nameStepPath(new URL(request.url)));
  return null;
}

/** The name step, remembering where the person was going. */
export function nameStepPath(target: { pathname: string; search: string }) {
  const next = target.pathname + target.search;
  return next === '/' ? '/welcome' : `/welcome?next=${encodeURIComponent(next)}`;
}

/** The name step is for an account without a name only: anyone else goes on, a signed-out person to /login. */
export async function requireNameStep() {
  const me = await fetchMe(queryClient);
  if (!me) throw redirect('/login');
  if (!me.needsName) throw redirect(homeFor(me.role));
  return null;
}

/** Routes for some roles only: everyone else goes home. The server enforces the same on its API. */
export const requireRole =
  (...roles: Role[]) =>
  async () => {
    const me = await fetchMe(queryClient);
    if (!me) throw redirect('/login');
    if (!roles.includes(me.role)) throw redirect('/');
    return null;
  };

/** The login page sends a signed-in person home instead. */
export async function redirectIfSignedIn({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // A password-reset link must open the form even for someone signed in elsewhere.
  if (url.searchParams.has('token')) return null;
  const me = await fetchMe(queryClient);
  if (me) throw redirect(me.needsName ? '/welcome' : homeFor(me.role));
  return null;
}
