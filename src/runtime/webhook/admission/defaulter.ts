import { isPanic } from '../../panic/panic.js';
import { allowed, deniedFromError, errored, patchedFromObjects } from './response.js';
import type { AdmissionHandler, CustomDefaulter } from './types.js';
import type { AdmissionRequest } from '../../../kube/admission-review.js';

/**
 * The admission handler of a defaulter: DELETE is always allowed; otherwise the defaulter runs on
 * a copy of the object and the answer is the JSON patch from the received object to the result.
 */
export function defaultingHandler<T>(defaulter: CustomDefaulter<T>): AdmissionHandler {
  return async (req: AdmissionRequest) => {
    if (req.operation === 'DELETE') return allowed();
    if (typeof req.object !== 'object' || req.object === null) {
      return errored(400, `the ${req.operation} request has no object to default`);
    }
    const original = req.object;
    const obj = structuredClone(original) as T;
    try {
      await defaulter.default(obj, req as AdmissionRequest<T>);
    } catch (err) {
      if (isPanic(err)) throw err; // the webhook answers it as a recovered panic
      return deniedFromError(err);
    }
    return patchedFromObjects(original, obj);
  };
}
