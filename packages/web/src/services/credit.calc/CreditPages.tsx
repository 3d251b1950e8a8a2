import { ResourceListPage } from '../../kit/ResourceListPage.tsx';
import { banks, packs, programPath, programs } from './credit-api.ts';

/** The lists of the credit calculator (spec 001 §2 /credit.calc): banks, programmes (each with its page), packs. */
export const BanksPage = () => <ResourceListPage resource={banks} />;
export const ProgramsPage = () => <ResourceListPage resource={programs} detailPath={(record) => programPath(record.id)} />;
export const PacksPage = () => <ResourceListPage resource={packs} />;
