import { screenRouteResource, type AnyResource } from '@dp/contracts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';

export default function RoutesPage() {
  return <ResourceListPage resource={screenRouteResource as unknown as AnyResource} detailPath={(record) => `/clients.storage/routes/${record.id}`} />;
}
