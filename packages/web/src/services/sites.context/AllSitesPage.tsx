import { siteResource, type AnyResource } from '@dp/contracts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';

export default function AllSitesPage() {
  return <ResourceListPage resource={siteResource as unknown as AnyResource} />;
}
