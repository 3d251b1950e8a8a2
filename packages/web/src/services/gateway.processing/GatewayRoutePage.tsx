import { apiRouteResource, type AnyResource } from '@dp/contracts';
import { ResourceDetailPage } from '../../kit/ResourceDetailPage.tsx';

export default function GatewayRoutePage() {
  return <ResourceDetailPage resource={apiRouteResource as unknown as AnyResource} param="routeId" />;
}
