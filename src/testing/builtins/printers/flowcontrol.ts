/** Printers of the flowcontrol.apiserver.k8s.io group. */
import { AGE, ageOf, at, col, int, isSet, list, NAME, nameOf, obj, str, type TablePrinter } from './cells.js';

/** A number the printer shows, `<none>` when its configuration is absent. */
function orNone(value: unknown, present: boolean): unknown {
  return present ? int(value) : '<none>';
}

export const FLOWCONTROL_PRINTERS: Record<string, TablePrinter> = {
  'flowcontrol.apiserver.k8s.io/FlowSchema': {
    columns: [NAME, col('PriorityLevel', 'string'),
      col('MatchingPrecedence', 'string'),
      col('DistinguisherMethod', 'string'), AGE,
      col('MissingPL', 'string')],
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
    columns: [NAME, col('Type', 'string'),
      col('NominalConcurrencyShares', 'string'),
      col('Queues', 'string'),
      col('HandSize', 'string'),
      col('QueueLengthLimit', 'string'), AGE],
    row: (o, now) => {
      const limited = at(o.spec, 'limited');
      const queuing = at(limited, 'limitResponse', 'queuing');
      const q = obj(queuing);
      return [nameOf(o), str(at(o.spec, 'type')), orNone(obj(limited).nominalConcurrencyShares, isSet(limited)),
        orNone(q.queues, isSet(limited) && isSet(queuing)), orNone(q.handSize, isSet(limited) && isSet(queuing)),
          orNone(q.queueLengthLimit, isSet(limited) && isSet(queuing)), ageOf(o, now)];
    },
  },
};
