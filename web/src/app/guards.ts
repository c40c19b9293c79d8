import type { Role } from '@railmadad/contract';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { queryClient } from '../lib/query-client';
import { fetchMe } from '../lib/session';

/** Every route under the layout: signed-out people go to /login (and come back after). */
export async function requireSession({ request }: LoaderFunctionArgs) {
  const me = await fetchMe(queryClient);
  if (!me) {
    const url = new URL(request.url);
    const next = url.pathname + url.search;
    throw redirect(next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`);
  }
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
  if (me) throw redirect(me.role === 'passenger' ? '/' : '/dashboard');
  return null;
}
