import { permissionResource, type AnyResource } from '@dp/contracts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';

export default function PermissionsPage() {
  return <ResourceListPage resource={permissionResource as unknown as AnyResource} detailPath={(record) => `/clients.storage/permissions/${record.id}`} />;
}
