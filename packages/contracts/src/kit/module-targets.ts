/**
 * Which site module opens which API (spec 000 §2: site-menu entries are tied to modules; an
 * installed module opens its screens and API), and where the gateway finds the site a route works
 * on. Every route of a service that names a module (its contract's `module`) needs it on the site
 * (or client) it works on, unless its declaration says otherwise: a route's own `module` (a code,
 * `a|b` for either, or null for none) wins over its resource's, which wins over the service's.
 */

/** The codes of a module expression: `available_cars|used_cars` is either. */
export const moduleCodes = (module: string): string[] => module.split('|').filter(Boolean);

/**
 * Where the gateway finds what a module-tied route works on: a path parameter, a query-string key
 * (a list's filter) or a JSON pointer into the body (`/data/attributes/site_id`), holding one id
 * or a list of them. `of` says what the id names: a site (the default), a client, or a record
 * kind ('<service>/<name>': a resource, or a record the server registers under that name) whose
 * site or client is looked up.
 */
export interface ModuleTarget {
  from: 'path' | 'query' | 'body';
  at: string;
  of?: string;
}

export const SITE = 'sites';
export const CLIENT = 'clients';

export const target = {
  /** A site id in a path parameter ({siteId}). */
  sitePath: (param = 'siteId'): ModuleTarget => ({ from: 'path', at: param }),
  /** A record (or, for `of: CLIENT`, a client) named by a path parameter. */
  path: (of: string, param = 'id'): ModuleTarget => ({ from: 'path', at: param, of }),
  /** A site id (or list) in the body. */
  siteBody: (pointer: string): ModuleTarget => ({ from: 'body', at: pointer }),
  /** Records (or clients) named in the body, one id or a list. */
  body: (of: string, pointer: string): ModuleTarget => ({ from: 'body', at: pointer, of }),
  /** A list's filter naming sites or clients. */
  query: (key: string, of: string = SITE): ModuleTarget => ({ from: 'query', at: key, of }),
};

/**
 * What a path names without a declaration: its {siteId}, else the {id} of /api/v1/sites/{id}/...
 * (sites.context's own calls on one site).
 */
export function pathTargets(path: string): ModuleTarget[] {
  const parts = path.replace(/\/+$/, '').split('/');
  if (parts.includes('{siteId}')) return [target.sitePath('siteId')];
  if (parts[3] === 'sites' && parts[4] === '{id}') return [target.sitePath('id')];
  return [];
}

/** A resource as far as its routes' targets go. */
interface TargetedResource {
  service: string;
  name: string;
  tenant: string | null;
  filters: Record<string, unknown>;
  refs?: Record<string, { service: string; name: string }>;
  create: { shape: Record<string, unknown> };
  entity: { shape: Record<string, unknown> };
}

/**
 * The targets of a resource's routes: a list's filter[site_id] (or filter[client_id] for a
 * client's records); the record of /{id}; what a write names: its site_id, its client_id, and the
 * records of the same service it hangs under (a department's dealership).
 */
export function resourceTargets(resource: TargetedResource) {
  const key = `${resource.service}/${resource.name}`;
  const siteOwned = 'site_id' in resource.entity.shape;
  const clientOwned = !siteOwned && resource.tenant === 'client_id';
  const list: ModuleTarget[] = [
    ...(siteOwned && 'site_id' in resource.filters ? [target.query('filter[site_id]')] : []),
    ...(clientOwned && 'client_id' in resource.filters ? [target.query('filter[client_id]', CLIENT)] : []),
  ];
  const write: ModuleTarget[] = [
    ...(siteOwned && 'site_id' in resource.create.shape ? [target.siteBody('/data/attributes/site_id')] : []),
    ...(clientOwned && 'client_id' in resource.create.shape ? [target.body(CLIENT, '/data/attributes/client_id')] : []),
    ...Object.entries(resource.refs ?? {})
      .filter(([field, ref]) => ref.service === resource.service && field in resource.create.shape)
      .map(([field, ref]) => target.body(`${ref.service}/${ref.name}`, `/data/attributes/${field}`)),
  ];
  const record = target.path(key);
  return { list, get: [record], create: write, update: [record, ...write], delete: [record] };
}
