import { PROGRAM_STATE_CONTENT, creditProgramStateResource } from '@dp/contracts';
import type { WorkflowDef } from '../../kit/state-workflow.ts';
import { workflows } from '../sites.context/content-workflows.ts';
import { creditProgramStates } from './credit.table.ts';

/**
 * The states of a loan programme (spec 001 §4: draft, submitted, published; publishing is a separate
 * action) under the shared workflow: only holders of program_states.publish publish, unpublish and
 * schedule, a draft or a submitted state alike (no site, so no strict publishing). Publication by
 * time runs through the same job as the sites' content (the shared registry).
 */
export const programStatesWorkflow: WorkflowDef = {
  resource: creditProgramStateResource,
  states: creditProgramStates as unknown as WorkflowDef['states'],
  owner: creditProgramStates.program_id,
  contentFields: PROGRAM_STATE_CONTENT,
  publishPermission: 'program_states.publish',
};
workflows.add(programStatesWorkflow);
