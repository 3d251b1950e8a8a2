import { clientResource, type AnyResource } from '@dp/contracts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';

export default function ClientsPage() {
  return <ResourceListPage resource={clientResource as unknown as AnyResource} />;
}
