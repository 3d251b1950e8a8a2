import { permissionResource, type AnyResource } from '@dp/contracts';
import { ResourceDetailPage } from '../../kit/ResourceDetailPage.tsx';

export default function PermissionPage() {
  return <ResourceDetailPage resource={permissionResource as unknown as AnyResource} param="permissionId" />;
}
