import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../../kit/context.ts';
import type { ResourceRegistry } from '../../kit/crud-routes.ts';
import { registerWorkflowRoutes } from '../../kit/state-workflow.ts';
import { stageStatesWorkflow } from './stage-workflow.ts';
// The copier of the copy dialog's "copy stages" registers itself on import.
import './copy-stages.ts';

/** content.storage stages: the workflow routes of stage states beside their declared resources. */
export function registerStageRoutes(app: FastifyInstance, ctx: ServiceContext, registry: ResourceRegistry) {
  registerWorkflowRoutes(app, ctx, registry, stageStatesWorkflow);
}
