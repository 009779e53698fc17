import type { V1ObjectReference } from '@kubernetes/client-node';

export type EventType = 'Normal' | 'Warning';

/** What an event can be about: an API object carrying apiVersion and kind (as cached objects do), or a reference. */
export type EventTarget =
  | {
      apiVersion?: string;
      kind?: string;
      metadata?: { name?: string; namespace?: string; uid?: string; resourceVersion?: string };
    }
  | V1ObjectReference;

/** Records core/v1 Events about objects (client-go's EventRecorder). Recording never throws and never blocks. */
export interface EventRecorder {
  event(object: EventTarget, type: EventType, reason: string, message: string): void;
  /** As `event`, with a Go-style format (`%s`, `%d`, `%v`, `%q`). */
  eventf(object: EventTarget, type: EventType, reason: string, format: string, ...args: unknown[]): void;
  /** As `eventf`, with annotations on the Event object. */
  annotatedEventf(
    object: EventTarget,
    annotations: Record<string, string>,
    type: EventType,
    reason: string,
    format: string,
    ...args: unknown[]
  ): void;
}
