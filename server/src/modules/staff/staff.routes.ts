import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../deps';

// Routes of this module arrive in the operations work (issue 4).
export const staffRoutes =
  (_deps: ModuleDeps): FastifyPluginAsyncZod =>
  async () => {};
