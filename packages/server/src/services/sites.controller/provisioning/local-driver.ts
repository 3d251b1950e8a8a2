import type { DriverContext, ProvisioningDriver } from './driver.ts';

/** This server's own address: `<code>.localhost` resolves here in browsers (RFC 6761). */
export const LOCAL_IP = '127.0.0.1';

/**
 * The default driver: the site is served by this server itself. Registering it is the VM row
 * the job writes (platform `local`, 127.0.0.1, the site's host and technical host), which the
 * public site renderer looks a request's Host up in (registered-hosts.ts); the same machine is
 * changed in place on every later task, and taking it down is that row becoming DELETED.
 */
export function localDriver(ctx: DriverContext): ProvisioningDriver {
  return {
    name: 'local',
    async provision(request) {
      ctx.log.info({ task: request.taskId, site: request.site.id, hosts: request.hosts }, 'local provisioning: site registered');
      // A machine of another platform (the driver was changed) is replaced, not rewritten.
      return { platformId: 'local', ip: LOCAL_IP, hostname: request.hosts.hostname, group: null, reused: request.current?.platformId === 'local' };
    },
    async deprovision(machine, taskId) {
      ctx.log.info({ task: taskId, hostname: machine.hostname }, 'local provisioning: site unregistered');
    },
  };
}
