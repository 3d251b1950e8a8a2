import { moduleResource, type AnyResource } from '@dp/contracts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';
import { moduleEditPath } from './module-edit.ts';

/** The module dictionary (/marketplace/settings): list, create; each module's page edits every field. */
export default function MarketplaceSettingsPage() {
  return <ResourceListPage resource={moduleResource as unknown as AnyResource} detailPath={(record) => moduleEditPath(String(record.attributes.code))} />;
}
