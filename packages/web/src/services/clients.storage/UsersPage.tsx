import { userResource, type AnyResource } from '@dp/contracts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';

export default function UsersPage() {
  return <ResourceListPage resource={userResource as unknown as AnyResource} detailPath={(record) => `/clients.storage/users/${record.id}`} />;
}
