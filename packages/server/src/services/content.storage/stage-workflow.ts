import { STAGE_STATE_CONTENT, stageStateResource } from '@dp/contracts';
import type { WorkflowDef } from '../../kit/state-workflow.ts';
import { isStrictSite, workflows } from '../sites.context/content-workflows.ts';
import { markSiteContentChanged } from '../sites.context/mark-site-content-changed.ts';
import { stageStates } from './stage.table.ts';

/**
 * The states of a stage (spec 000 §3 Stage state) under the workflow of spec 000 §4; on a site
 * with strict publishing only holders of stages.publish publish, after submission. Publication by
 * time runs through the same job as pages and layouts (the shared registry).
 */
export const stageStatesWorkflow: WorkflowDef = {
  resource: stageStateResource,
  states: stageStates,
  owner: stageStates.stage_id,
  contentFields: STAGE_STATE_CONTENT,
  publishPermission: 'stages.publish',
  isStrict: (tx, state) => isStrictSite(tx, state.site_id as number),
  onPublicationChange: (tx, state) => markSiteContentChanged(tx, state.site_id as number),
};
workflows.add(stageStatesWorkflow);
