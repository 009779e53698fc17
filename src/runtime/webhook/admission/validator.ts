import { isPanic } from '../../panic/panic.js';
import { ValidationError } from './field-errors.js';
import { allowed, deniedFromError, errored } from './response.js';
import type { AdmissionHandler, CustomValidator, Warnings } from './types.js';
import type { AdmissionRequest } from '../../../kube/admission-review.js';

function objectOf<T>(value: unknown, what: string, operation: string): T | string {
  if (typeof value !== 'object' || value === null) return `the ${operation} request has no ${what}`;
  return structuredClone(value) as T;
}

/**
 * The admission handler of a validator: CREATE -> validateCreate(object), UPDATE ->
 * validateUpdate(oldObject, object), DELETE -> validateDelete(oldObject), CONNECT allowed.
 */
export function validatingHandler<T>(validator: CustomValidator<T>): AdmissionHandler {
  return async (req: AdmissionRequest) => {
    const typed = req as AdmissionRequest<T>;
    let run: () => Warnings | void | Promise<Warnings | void>;
    switch (req.operation) {
      case 'CONNECT':
        return allowed();
      case 'CREATE': {
        const obj = objectOf<T>(req.object, 'object', req.operation);
        if (typeof obj === 'string') return errored(400, obj);
        run = () => validator.validateCreate(obj, typed);
        break;
      }
      case 'UPDATE': {
        const obj = objectOf<T>(req.object, 'object', req.operation);
        if (typeof obj === 'string') return errored(400, obj);
        const oldObj = objectOf<T>(req.oldObject, 'oldObject', req.operation);
        if (typeof oldObj === 'string') return errored(400, oldObj);
        run = () => validator.validateUpdate(oldObj, obj, typed);
        break;
      }
      case 'DELETE': {
        // The object being deleted comes as oldObject.
        const obj = objectOf<T>(req.oldObject, 'oldObject', req.operation);
        if (typeof obj === 'string') return errored(400, obj);
        run = () => validator.validateDelete(obj, typed);
        break;
      }
      default:
        return errored(400, `unknown operation ${JSON.stringify(req.operation)}`);
    }
    let warnings: Warnings;
    try {
      warnings = (await run()) ?? [];
    } catch (err) {
      if (isPanic(err)) throw err; // the webhook answers it as a recovered panic
      return deniedFromError(err, err instanceof ValidationError ? undefined : (err as { warnings?: Warnings } | null)?.warnings);
    }
    return allowed('', warnings);
  };
}
