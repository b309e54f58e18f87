/** Admin property routes (SPEC §7). */
import type { FastifyInstance } from 'fastify';
import { propertyInputSchema, propertyUpdateSchema } from '../../domain';
import { registerCrudRoutes } from '../http/crud-routes';

export default async function propertyRoutes(app: FastifyInstance): Promise<void> {
  registerCrudRoutes(app, {
    collection: 'properties',
    path: '/properties',
    entity: 'property',
    createSchema: propertyInputSchema,
    updateSchema: propertyUpdateSchema,
  });
}
