import { dealerResource, type AnyResource } from '@dp/contracts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';

/** /sites.context/dealers: the dealer centres of the user's clients, which their sites show. */
export default function DealersPage() {
  return <ResourceListPage resource={dealerResource as unknown as AnyResource} />;
}
