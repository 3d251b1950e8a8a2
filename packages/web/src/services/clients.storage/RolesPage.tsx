import { roleResource, type AnyResource } from '@dp/contracts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';

export default function RolesPage() {
  return <ResourceListPage resource={roleResource as unknown as AnyResource} detailPath={(record) => `/clients.storage/roles/${record.id}`} />;
}
