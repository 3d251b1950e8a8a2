import { clientResource, type AnyResource } from '@dp/contracts';
import { ResourceDetailPage } from '../../kit/ResourceDetailPage.tsx';

/** A client's own page: its form and its history. */
export default function ClientPage() {
  return <ResourceDetailPage resource={clientResource as unknown as AnyResource} param="clientId" />;
}
