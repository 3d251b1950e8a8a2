import type { DriverContext, ProvisioningDriver } from './driver.ts';
import { localDriver } from './local-driver.ts';

// The drivers by name, apart from the driver interface so that a driver's file imports only the interface.
type DriverFactory = (ctx: DriverContext) => ProvisioningDriver;

const drivers = new Map<string, DriverFactory>([['local', localDriver]]);

/** Another driver (a cloud API): registered before the app starts, chosen by PROVISIONING_DRIVER. */
export function registerProvisioningDriver(name: string, factory: DriverFactory) {
  drivers.set(name, factory);
}

/** The driver of PROVISIONING_DRIVER; an unknown name stops the start with a message. */
export function provisioningDriver(ctx: DriverContext): ProvisioningDriver {
  const factory = drivers.get(ctx.config.provisioningDriver);
  if (!factory) throw new Error(`PROVISIONING_DRIVER "${ctx.config.provisioningDriver}" is unknown; known drivers: ${[...drivers.keys()].join(', ')}`);
  return factory(ctx);
}
