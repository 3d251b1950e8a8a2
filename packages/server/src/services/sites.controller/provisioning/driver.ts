import type { SiteTaskAction } from '@dp/contracts';
import type { Config } from '../../../kit/config.ts';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The provisioning driver interface (DESIGN.md §10; docs/scale-out.md "Site provisioning"). An
 * approved site task runs as a job (run-site-task.ts) that checks the site and its hosts, asks
 * the driver to do the work, and then records the outcome itself: the `virtual_machines` row,
 * the task's status or error code, the site's publication, the update streams. A driver only
 * talks to the platform that runs sites; it never writes the platform's tables.
 */

/** The hosts a site is served at, resolved and checked by the job before the driver is called. */
export interface SiteHosts {
  /** The site's own domain (kia-dealer.ru), or null while it has only a technical host. */
  host: string | null;
  /** `<domain code>.<TECHNICAL_DOMAIN>` (kia-sever.localhost), or null. */
  technicalHost: string | null;
  /** The machine's name: the technical host, else the host. */
  hostname: string;
  domainCode: string | null;
}

/** What a driver is told about the task and its site. */
export interface ProvisionRequest {
  taskId: number;
  action: Extract<SiteTaskAction, 'create_site' | 'change_host' | 'switch_core'>;
  site: { id: number; name: string; clientId: number; core: string; useHttp: boolean };
  hosts: SiteHosts;
  /** Also serve www.<host> (spec 000 §3 Site task `www`). */
  www: boolean;
  /** The machine now serving the site, if any: a driver may change it in place. */
  current: ProvisionedMachine | null;
}

/** A machine as the platform records it (a `virtual_machines` row). */
export interface ProvisionedMachine {
  /** The driver's name: `local`, or a cloud's. */
  platformId: string;
  ip: string;
  hostname: string;
  group: string | null;
}

/** The answer of `provision`: the machine serving the site now. */
export interface ProvisionResult extends ProvisionedMachine {
  /**
   * True when the driver changed `current` in place (the same machine); false when it made a
   * new one: the old machine then gets a delete_vm task, waiting for approval.
   */
  reused: boolean;
}

export interface ProvisioningDriver {
  readonly name: string;
  /** Makes the site reachable at its hosts (create_site, change_host, switch_core). */
  provision(request: ProvisionRequest): Promise<ProvisionResult>;
  /** Takes a machine down (unpublish, delete_vm); a machine already gone is no error. */
  deprovision(machine: ProvisionedMachine & { hosts: SiteHosts }, taskId: number): Promise<void>;
}

/**
 * A refusal with one of the task error codes 0–25 (spec 000 §8) and the details: the task
 * becomes FAILED with that code. Any other error a driver throws is code 20 (execution error).
 */
export class ProvisioningError extends Error {
  constructor(
    public code: number,
    message: string,
  ) {
    super(message);
  }
}

export interface DriverContext {
  config: Config;
  log: FastifyBaseLogger;
}
