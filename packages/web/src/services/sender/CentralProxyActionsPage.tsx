import { centralProxyActionResource, type AnyResource } from '@dp/contracts';
import { ResourceListPage } from '../../kit/ResourceListPage.tsx';

/**
 * The platform's central proxy actions (docs/decisions/sender.md): the resource kit's list and
 * form. Site editors holding proxy_actions.get_list see the list read-only (the kit
 * shows create, edit and delete only with the write codes; the server keeps writes to staff).
 */
export function CentralProxyActionsPage() {
  return <ResourceListPage resource={centralProxyActionResource as unknown as AnyResource} />;
}
