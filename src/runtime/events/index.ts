/**
 * Events: core/v1 Events about objects, recorded in the background with repeats counted on
 * the Event already written.
 * ```ts
 * const events = new EventBroadcaster({ kubeConfig });
 * const recorder = events.newRecorder('cronjob-controller');
 * recorder.eventf(cronJob, 'Normal', 'Created', 'Created job %s', job.metadata.name);
 * ```
 */
export { EventBroadcaster, type EventBroadcasterOptions } from './broadcaster.js';
export { EventCorrelator, type CorrelatorOptions } from './correlator.js';
export { type EventRecorder, type EventTarget, type EventType } from './types.js';
export { sprintf } from './format.js';
export { EventSeriesBroadcaster, type EventSeriesBroadcasterOptions, type EventsRecorder } from './series-broadcaster.js';
export { getEventRecorderFor, eventBroadcasterFor, getEventRecorder, eventSeriesBroadcasterFor, type EventManager } from './manager-integration.js';
