// WORKAROUND: scaffolder/runtime does not export its event recorders yet (src/runtime/index.ts
// lacks `export * from './events/index.js'`). They sit next to it in the package's build output,
// so load them from there. Replace this file with
// `import { getEventRecorderFor, type EventRecorder } from 'scaffolder/runtime'` once it does.
type Events = typeof import('../../../dist/src/runtime/events/index.js');
export type EventRecorder = import('../../../dist/src/runtime/events/index.js').EventRecorder;

const events = (await import(new URL('./events/index.js', import.meta.resolve('scaffolder/runtime')).href)) as Events;

export const getEventRecorderFor: Events['getEventRecorderFor'] = events.getEventRecorderFor;
