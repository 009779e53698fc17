/** Printers of the flowcontrol.apiserver.k8s.io group. */
import { AGE, ageOf, at, col, int, isSet, list, NAME, nameOf, obj, str, type TablePrinter } from './cells.js';

/** A number the printer shows, `<none>` when its configuration is absent. */
function orNone(value: unknown, present: boolean): unknown {
  return present ? int(value) : '<none>';
}

export const FLOWCONTROL_PRINTERS: Record<string, TablePrinter> = {
  'flowcontrol.apiserver.k8s.io/FlowSchema': {
    columns: [NAME, col('PriorityLevel', 'string', '`name` is the name of the priority level configuration being referenced Required.'),
      col('MatchingPrecedence', 'string', '`matchingPrecedence` is used to choose among the FlowSchemas that match a given request.'),
      col('DistinguisherMethod', 'string', '`distinguisherMethod` defines how to compute the flow distinguisher for requests that match this schema.'), AGE,
      col('MissingPL', 'string', 'references a broken or non-existent PriorityLevelConfiguration')],
    row: (o, now) => {
      const spec = obj(o.spec);
      const dangling = list(at(o.status, 'conditions')).find((c) => c.type === 'Dangling');
      return [nameOf(o), str(at(spec, 'priorityLevelConfiguration', 'name')), int(spec.matchingPrecedence),
        isSet(spec.distinguisherMethod) ? str(at(spec, 'distinguisherMethod', 'type')) : '<none>', ageOf(o, now), dangling ? str(dangling.status) : '?'];
    },
    // FlowSchemaSequence: by matching precedence, then by name.
    compare: (a, b) => int(at(a.spec, 'matchingPrecedence')) - int(at(b.spec, 'matchingPrecedence')) || (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0),
  },
  'flowcontrol.apiserver.k8s.io/PriorityLevelConfiguration': {
    columns: [NAME, col('Type', 'string', '`type` indicates whether this priority level is subject to limitation on request execution.'),
      col('NominalConcurrencyShares', 'string', '`nominalConcurrencyShares` (NCS) contributes to the computation of the NominalConcurrencyLimit (NominalCL) of this level.'),
      col('Queues', 'string', '`queues` is the number of queues for this priority level.'),
      col('HandSize', 'string', '`handSize` is a small positive number that configures the shuffle sharding of requests into queues.'),
      col('QueueLengthLimit', 'string', '`queueLengthLimit` is the maximum number of requests allowed to be waiting in a given queue of this priority level at a time; excess requests are rejected.'), AGE],
    row: (o, now) => {
      const limited = at(o.spec, 'limited');
      const queuing = at(limited, 'limitResponse', 'queuing');
      const q = obj(queuing);
      return [nameOf(o), str(at(o.spec, 'type')), orNone(obj(limited).nominalConcurrencyShares, isSet(limited)),
        orNone(q.queues, isSet(limited) && isSet(queuing)), orNone(q.handSize, isSet(limited) && isSet(queuing)), orNone(q.queueLengthLimit, isSet(limited) && isSet(queuing)), ageOf(o, now)];
    },
  },
};
