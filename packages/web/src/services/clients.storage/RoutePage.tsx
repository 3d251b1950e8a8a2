import { screenRouteResource, type AnyResource } from '@dp/contracts';
import { ResourceDetailPage } from '../../kit/ResourceDetailPage.tsx';

export default function RoutePage() {
  return <ResourceDetailPage resource={screenRouteResource as unknown as AnyResource} param="routeId" />;
}
