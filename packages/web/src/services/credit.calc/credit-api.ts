import { creditBankResource, creditPackResource, creditProgramResource, creditProgramStateResource, creditSettingsResource, type AnyResource, type CalculationResult } from '@dp/contracts';
import { api, gatewayPath } from '../../kit/api.ts';

/** The credit calculator's resources as the generic screens take them, and its calculation. */
const asResource = (resource: unknown) => resource as AnyResource;
export const banks = asResource(creditBankResource);
export const programs = asResource(creditProgramResource);
export const programStates = asResource(creditProgramStateResource);
export const packs = asResource(creditPackResource);
export const settings = asResource(creditSettingsResource);
/** The workflow routes of programme states (kit/state-workflow.ts on the server). */
export const PROGRAM_STATES = { service: 'credit.calc', name: 'program_states' } as const;

export const programPath = (programId: string, stateId?: string) => `/credit.calc/programs/${programId}${stateId ? `/${stateId}` : ''}`;

export const calculate = (data: Record<string, unknown>) => api.post<CalculationResult>(gatewayPath('credit.calc', 'calculations'), data);
