/**
 * Event recorders for a manager (controller-runtime's `mgr.GetEventRecorderFor(name)`): one
 * broadcaster per manager, writing with the manager's cluster config, flushed when the manager
 * stops so that events recorded during shutdown are not lost.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import type { Logger } from '../log/logger.js';
import { EventBroadcaster } from './broadcaster.js';
import { EventSeriesBroadcaster, type EventsRecorder } from './series-broadcaster.js';
import type { EventRecorder } from './types.js';

/** What the recorder needs from a manager. */
export interface EventManager {
  getConfig(): KubeConfig;
  getLogger(): Logger;
  addServer(server: { start(): Promise<void>; stop(): Promise<void> }): void;
}

/** One broadcaster of a kind per manager, created on first use and shut down when the manager stops. */
function perManager<B extends { shutdown(): Promise<void> }>(create: (mgr: EventManager) => B): (mgr: EventManager) => B {
  const made = new WeakMap<EventManager, B>();
  return (mgr) => {
    let broadcaster = made.get(mgr);
    if (!broadcaster) {
      const created = create(mgr);
      made.set(mgr, created);
      mgr.addServer({ start: async () => undefined, stop: () => created.shutdown() });
      broadcaster = created;
    }
    return broadcaster;
  };
}

/** The manager's core/v1 broadcaster. */
export const eventBroadcasterFor = perManager(
  (mgr) => new EventBroadcaster({ kubeConfig: mgr.getConfig(), log: mgr.getLogger().withName('events') }),
);

/** The manager's events.k8s.io/v1 broadcaster. */
export const eventSeriesBroadcasterFor = perManager(
  (mgr) => new EventSeriesBroadcaster({ kubeConfig: mgr.getConfig(), log: mgr.getLogger().withName('events') }),
);

/**
 * An events.k8s.io/v1 recorder with `name` as its reportingController (controller-runtime's
 * `mgr.GetEventRecorder(name)`, which kubebuilder scaffolds now): `getEventRecorder(mgr, 'memcached-controller')`.
 */
export function getEventRecorder(mgr: EventManager, name: string): EventsRecorder {
  return eventSeriesBroadcasterFor(mgr).newRecorder(name);
}

/** A recorder whose events name `name` as their source component: `getEventRecorderFor(mgr, 'cronjob-controller')`. */
export function getEventRecorderFor(mgr: EventManager, name: string): EventRecorder {
  return eventBroadcasterFor(mgr).newRecorder(name);
}
