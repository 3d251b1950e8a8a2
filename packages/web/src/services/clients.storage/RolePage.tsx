import { roleResource, type AnyResource } from '@dp/contracts';
import { ResourceDetailPage } from '../../kit/ResourceDetailPage.tsx';

export default function RolePage() {
  return <ResourceDetailPage resource={roleResource as unknown as AnyResource} param="roleId" />;
}
