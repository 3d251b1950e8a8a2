import { apiRouteResource, type AnyResource } from '@dp/contracts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';

export default function GatewayRoutesPage() {
  return <ResourceListPage resource={apiRouteResource as unknown as AnyResource} detailPath={(record) => `/gateway.processing/routes/${record.id}`} />;
}
