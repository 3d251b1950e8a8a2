import { siteGroupResource, type AnyResource } from '@dp/contracts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';

/** /sites.context/groups: the platform's groups of sites (staff write them, everyone may read). */
export default function SiteGroupsPage() {
  return <ResourceListPage resource={siteGroupResource as unknown as AnyResource} />;
}
