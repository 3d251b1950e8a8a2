import { floorGroupResource, type AnyResource } from '@dp/contracts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';

/** /floors.storage/groups: the platform's groups of floors (staff write them, every floor reader sees them). */
export default function FloorGroupsPage() {
  return <ResourceListPage resource={floorGroupResource as unknown as AnyResource} detailPath={(record) => `/floors.storage/groups/edit/${record.id}`} />;
}
