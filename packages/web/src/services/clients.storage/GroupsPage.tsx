import { clientGroupResource, type AnyResource } from '@dp/contracts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';

export default function GroupsPage() {
  return <ResourceListPage resource={clientGroupResource as unknown as AnyResource} />;
}
