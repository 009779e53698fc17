export { TRACER_NAME, tracingAvailable } from './tracing.js';
