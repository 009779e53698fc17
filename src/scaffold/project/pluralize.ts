// Default plural of a kind, as kubebuilder computes it: the lower-cased kind run through the
// inflection rules of the gobuffalo/flect library (v1.0.x), re-expressed here as data.

interface Irregular {
  singular: string;
  plural: string;
  /** Only a whole-word match applies; the pair does not act as a suffix rule. */
  exact?: boolean;
}

// Whole words whose plural does not follow the suffix rules (identical plurals included).
const irregulars: Irregular[] = [
  ...['aircraft', 'beef', 'bison', 'blues', 'chassis', 'deer', 'fish', 'moose', 'police', 'salmon', 'series', 'sheep',
    'shrimp', 'species', 'swine', 'trout', 'tuna', 'you', 'media', 'graffiti', 'equipment', 'information', 'jeans',
    'money', 'news', 'rice'].map((w) => ({ singular: w, plural: w })),
  { singular: 'child', plural: 'children' },
  { singular: 'ox', plural: 'oxen', exact: true },
  { singular: 'foot', plural: 'feet' },
  { singular: 'goose', plural: 'geese' },
  { singular: 'man', plural: 'men' },
  { singular: 'human', plural: 'humans' },
  { singular: 'louse', plural: 'lice', exact: true },
  { singular: 'mouse', plural: 'mice' },
  { singular: 'tooth', plural: 'teeth' },
  { singular: 'woman', plural: 'women' },
  { singular: 'die', plural: 'dice', exact: true },
  { singular: 'person', plural: 'people' },
  { singular: 'adieu', plural: 'adieux' },
  { singular: 'fabliau', plural: 'fabliaux' },
  { singular: 'bureau', plural: 'bureaus' },
  { singular: 'criterion', plural: 'criteria' },
  { singular: 'ganglion', plural: 'ganglia' },
  { singular: 'lexicon', plural: 'lexica' },
  { singular: 'mitochondrion', plural: 'mitochondria' },
  { singular: 'noumenon', plural: 'noumena' },
  { singular: 'phenomenon', plural: 'phenomena' },
  { singular: 'taxon', plural: 'taxa' },
  { singular: 'medium', plural: 'media' },
  { singular: 'stadium', plural: 'stadiums' },
  { singular: 'aquarium', plural: 'aquaria' },
  { singular: 'auditorium', plural: 'auditoria' },
  { singular: 'symposium', plural: 'symposia' },
  { singular: 'curriculum', plural: 'curriculums' },
  { singular: 'quota', plural: 'quotas' },
  { singular: 'alumnus', plural: 'alumni' },
  { singular: 'bacillus', plural: 'bacilli' },
  { singular: 'cactus', plural: 'cacti' },
  { singular: 'coccus', plural: 'cocci' },
  { singular: 'focus', plural: 'foci' },
  { singular: 'locus', plural: 'loci' },
  { singular: 'nucleus', plural: 'nuclei' },
  { singular: 'octopus', plural: 'octupuses' },
  { singular: 'radius', plural: 'radii' },
  { singular: 'syllabus', plural: 'syllabi' },
  { singular: 'corpus', plural: 'corpora' },
  { singular: 'genus', plural: 'genera' },
  { singular: 'alumna', plural: 'alumnae' },
  { singular: 'vertebra', plural: 'vertebrae' },
  { singular: 'differentia', plural: 'differentiae' },
  { singular: 'minutia', plural: 'minutiae' },
  { singular: 'vita', plural: 'vitae' },
  { singular: 'larva', plural: 'larvae' },
  { singular: 'postcava', plural: 'postcavae' },
  { singular: 'praecava', plural: 'praecavae' },
  { singular: 'uva', plural: 'uvae' },
  { singular: 'apex', plural: 'apices' },
  { singular: 'codex', plural: 'codices' },
  { singular: 'index', plural: 'indices' },
  { singular: 'latex', plural: 'latices' },
  { singular: 'vertex', plural: 'vertices' },
  { singular: 'vortex', plural: 'vortices' },
  { singular: 'appendix', plural: 'appendices' },
  { singular: 'radix', plural: 'radices' },
  { singular: 'helix', plural: 'helices' },
  { singular: 'axis', plural: 'axes', exact: true },
  { singular: 'crisis', plural: 'crises' },
  { singular: 'ellipsis', plural: 'ellipses' },
  { singular: 'genesis', plural: 'geneses' },
  { singular: 'oasis', plural: 'oases' },
  { singular: 'thesis', plural: 'theses' },
  { singular: 'testis', plural: 'testes' },
  { singular: 'base', plural: 'bases' },
  { singular: 'basis', plural: 'bases' },
  { singular: 'alias', plural: 'aliases', exact: true },
  { singular: 'vedalia', plural: 'vedalias' },
  { singular: 'use', plural: 'uses', exact: true },
  ...['abuse', 'cause', 'clause', 'cruse', 'excuse', 'fuse', 'house', 'misuse', 'muse', 'pause', 'ache']
    .map((w) => ({ singular: w, plural: `${w}s` })),
  { singular: 'topaz', plural: 'topazes' },
  { singular: 'buffalo', plural: 'buffaloes' },
  { singular: 'potato', plural: 'potatoes' },
  { singular: 'tomato', plural: 'tomatoes' },
  { singular: 'dwarf', plural: 'dwarfs' },
  { singular: 'hoof', plural: 'hoofs' },
  { singular: 'thief', plural: 'thieves' },
  { singular: 'chive', plural: 'chives' },
  { singular: 'hive', plural: 'hives' },
  { singular: 'move', plural: 'moves' },
  { singular: 'movie', plural: 'movies' },
  { singular: 'cookie', plural: 'cookies' },
  { singular: 'pretorium', plural: 'pretoriums' },
  { singular: 'agenda', plural: 'agendas' },
  { singular: 'formula', plural: 'formulas' },
  { singular: 'shoe', plural: 'shoes' },
  { singular: 'toe', plural: 'toes', exact: true },
  { singular: 'id', plural: 'ids', exact: true },
];

// Suffix rules, highest priority first: [singular ending, plural ending].
const suffixRules: Array<[string, string]> = [
  ['tive', 'tives'], ['eaf', 'eaves'], ['oaf', 'oaves'], ['afe', 'aves'], ['arf', 'arves'], ['rfe', 'rves'],
  ['rf', 'rves'], ['lf', 'lves'], ['fe', 'ves'],
  ['ay', 'ays'], ['ey', 'eys'], ['oy', 'oys'], ['quy', 'quies'], ['uy', 'uys'], ['y', 'ies'],
  ['eau', 'eaux'],
  ['bula', 'bulae'], ['dula', 'bulae'], ['lula', 'bulae'], ['nula', 'bulae'], ['vula', 'bulae'],
  ['hedron', 'hedra'],
  ['ium', 'ia'], ['seum', 'seums'], ['eum', 'ea'], ['oum', 'oa'], ['stracum', 'straca'], ['dum', 'da'],
  ['elum', 'ela'], ['ilum', 'ila'], ['olum', 'ola'], ['ulum', 'ula'], ['llum', 'lla'], ['ylum', 'yla'],
  ['imum', 'ima'], ['ernum', 'erna'], ['gnum', 'gna'], ['brum', 'bra'], ['crum', 'cra'], ['terum', 'tera'],
  ['serum', 'sera'], ['trum', 'tra'], ['antum', 'anta'], ['atum', 'ata'], ['entum', 'enta'], ['etum', 'eta'],
  ['itum', 'ita'], ['otum', 'ota'], ['utum', 'uta'], ['ctum', 'cta'], ['ovum', 'ova'],
  ['trix', 'trices'],
  ['iasis', 'iases'], ['mesis', 'meses'], ['kinesis', 'kineses'], ['resis', 'reses'], ['gnosis', 'gnoses'],
  ['opsis', 'opses'], ['ysis', 'yses'],
  ['ouse', 'ouses'], ['lause', 'lauses'], ['us', 'uses'],
  ['ch', 'ches'], ['io', 'ios'], ['sh', 'shes'], ['ss', 'sses'], ['ez', 'ezzes'], ['iz', 'izzes'], ['tz', 'tzes'],
  ['zz', 'zzes'], ['ano', 'anos'], ['lo', 'los'], ['to', 'tos'], ['oo', 'oos'], ['o', 'oes'], ['x', 'xes'],
];

interface Rule {
  suffix: string;
  /** undefined: the word already has a plural ending and stays as it is. */
  replacement?: string;
}

const wholeWords = new Map(irregulars.map((w) => [w.singular, w.plural]));
const knownPlurals = new Set(irregulars.map((w) => w.plural));

// Each pair contributes "already plural: keep" before "singular: replace"; later dictionary
// entries take precedence over earlier ones, and all dictionary entries over the suffix rules.
const rules: Rule[] = [
  ...irregulars.filter((w) => !w.exact).reverse()
    .flatMap((w): Rule[] => [{ suffix: w.plural }, { suffix: w.singular, replacement: w.plural }]),
  ...suffixRules.flatMap(([singular, plural]): Rule[] => [{ suffix: plural }, { suffix: singular, replacement: plural }]),
];

/** The plural kubebuilder would choose for a kind: `Policy` -> `policies`, `CronJob` -> `cronjobs`. */
export function defaultPlural(kind: string): string {
  const word = kind.toLowerCase();
  if (word === '') return '';
  const whole = wholeWords.get(word);
  if (whole !== undefined) return whole;
  if (knownPlurals.has(word)) return word;
  for (const rule of rules) {
    if (!word.endsWith(rule.suffix)) continue;
    if (rule.replacement === undefined) return word;
    return word.slice(0, word.length - rule.suffix.length) + rule.replacement;
  }
  return word.endsWith('s') ? word : `${word}s`;
}
