/**
 * How the builder makes a sharded controller without importing src/runtime/sharding (which builds on
 * the controller, so the import would close a cycle): the sharding module registers its factory
 * when it loads, as the runtime's entry point (kubescaffolder/runtime) loads it.
 */
import type { Kind } from '../scheme/kind.js';
import type { Controller, ControllerSpec } from './controller.js';
import type { ControllerHost } from './controller-host.js';
import type { ShardingOptions } from './sharding-options.js';

export type ShardedControllerFactory = (host: ControllerHost, spec: ControllerSpec, options: ShardingOptions, ownedKinds: Kind[]) => Controller;

let factory: ShardedControllerFactory | undefined;

export function registerShardedControllerFactory(build: ShardedControllerFactory): void {
  factory = build;
}

export function shardedControllerFactory(controllerName: string): ShardedControllerFactory {
  if (!factory) throw new Error(`controller ${controllerName}: sharded() needs the sharding module: import the runtime from kubescaffolder/runtime`);
  return factory;
}
