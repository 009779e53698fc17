// The default plural of a kind. kubebuilder (`create api`) and controller-gen (a CRD's
// `spec.names.plural` without +kubebuilder:resource:path) both take it from gobuffalo/flect v1.0.x's
// Pluralize, re-expressed here as data and rules, but they call it differently:
//   kubebuilder:    Pluralize(lower(kind))   resourcePlural()
//   controller-gen: lower(Pluralize(kind))   crdDefaultPlural()
// Pluralize works on the last word of a CamelCase identifier, so the two differ for a few kinds
// (`BigOx`: bigoxes / bigoxen); the scaffolder writes +kubebuilder:resource:path then.

interface DictionaryWord {
  singular: string;
  /** Absent for an uncountable word (its plural is itself). */
  plural?: string;
  alternative?: string;
  /** Plural to singular is not possible: the plural is not a known plural. */
  unidirectional?: boolean;
  /** Only a whole-word match applies; the pair does not act as a suffix rule. */
  exact?: boolean;
}

const same = (w: string): DictionaryWord => ({ singular: w, plural: w });

// flect's dictionary, in its order (the order decides which of two matching suffix rules wins).
const dictionary: DictionaryWord[] = [
  same('aircraft'), { singular: 'beef', plural: 'beef', alternative: 'beefs' }, same('bison'),
  { singular: 'blues', plural: 'blues', unidirectional: true }, same('chassis'), same('deer'),
  { singular: 'fish', plural: 'fish', alternative: 'fishes' }, same('moose'), same('police'),
  { singular: 'salmon', plural: 'salmon', alternative: 'salmons' }, same('series'), same('sheep'),
  { singular: 'shrimp', plural: 'shrimp', alternative: 'shrimps' }, same('species'),
  { singular: 'swine', plural: 'swine', alternative: 'swines' }, { singular: 'trout', plural: 'trout', alternative: 'trouts' },
  { singular: 'tuna', plural: 'tuna', alternative: 'tunas' }, same('you'),
  { singular: 'child', plural: 'children' }, { singular: 'ox', plural: 'oxen', exact: true },
  { singular: 'foot', plural: 'feet' }, { singular: 'goose', plural: 'geese' }, { singular: 'man', plural: 'men' },
  { singular: 'human', plural: 'humans' }, { singular: 'louse', plural: 'lice', exact: true },
  { singular: 'mouse', plural: 'mice' }, { singular: 'tooth', plural: 'teeth' }, { singular: 'woman', plural: 'women' },
  { singular: 'die', plural: 'dice', exact: true }, { singular: 'person', plural: 'people' },
  { singular: 'adieu', plural: 'adieux', alternative: 'adieus' }, { singular: 'fabliau', plural: 'fabliaux' },
  { singular: 'bureau', plural: 'bureaus', alternative: 'bureaux' },
  { singular: 'criterion', plural: 'criteria' }, { singular: 'ganglion', plural: 'ganglia', alternative: 'ganglions' },
  { singular: 'lexicon', plural: 'lexica', alternative: 'lexicons' },
  { singular: 'mitochondrion', plural: 'mitochondria', alternative: 'mitochondrions' },
  { singular: 'noumenon', plural: 'noumena' }, { singular: 'phenomenon', plural: 'phenomena' }, { singular: 'taxon', plural: 'taxa' },
  same('media'), { singular: 'medium', plural: 'media', alternative: 'mediums', unidirectional: true },
  { singular: 'stadium', plural: 'stadiums', alternative: 'stadia' }, { singular: 'aquarium', plural: 'aquaria', alternative: 'aquariums' },
  { singular: 'auditorium', plural: 'auditoria', alternative: 'auditoriums' },
  { singular: 'symposium', plural: 'symposia', alternative: 'symposiums' },
  { singular: 'curriculum', plural: 'curriculums', alternative: 'curricula' }, { singular: 'quota', plural: 'quotas' },
  { singular: 'alumnus', plural: 'alumni', alternative: 'alumnuses' }, { singular: 'bacillus', plural: 'bacilli' },
  { singular: 'cactus', plural: 'cacti', alternative: 'cactuses' }, { singular: 'coccus', plural: 'cocci' },
  { singular: 'focus', plural: 'foci', alternative: 'focuses' }, { singular: 'locus', plural: 'loci', alternative: 'locuses' },
  { singular: 'nucleus', plural: 'nuclei', alternative: 'nucleuses' },
  { singular: 'octopus', plural: 'octupuses', alternative: 'octopi' }, // sic, as flect has it
  { singular: 'radius', plural: 'radii', alternative: 'radiuses' }, { singular: 'syllabus', plural: 'syllabi' },
  { singular: 'corpus', plural: 'corpora', alternative: 'corpuses' }, { singular: 'genus', plural: 'genera' },
  { singular: 'alumna', plural: 'alumnae' }, { singular: 'vertebra', plural: 'vertebrae' },
  { singular: 'differentia', plural: 'differentiae' }, { singular: 'minutia', plural: 'minutiae' },
  { singular: 'vita', plural: 'vitae' }, { singular: 'larva', plural: 'larvae' }, { singular: 'postcava', plural: 'postcavae' },
  { singular: 'praecava', plural: 'praecavae' }, { singular: 'uva', plural: 'uvae' },
  { singular: 'apex', plural: 'apices', alternative: 'apexes' }, { singular: 'codex', plural: 'codices', alternative: 'codexes' },
  { singular: 'index', plural: 'indices', alternative: 'indexes' }, { singular: 'latex', plural: 'latices', alternative: 'latexes' },
  { singular: 'vertex', plural: 'vertices', alternative: 'vertexes' }, { singular: 'vortex', plural: 'vortices', alternative: 'vortexes' },
  { singular: 'appendix', plural: 'appendices', alternative: 'appendixes' },
  { singular: 'radix', plural: 'radices', alternative: 'radixes' }, { singular: 'helix', plural: 'helices', alternative: 'helixes' },
  { singular: 'axis', plural: 'axes', exact: true }, { singular: 'crisis', plural: 'crises' },
  { singular: 'ellipsis', plural: 'ellipses', unidirectional: true }, { singular: 'genesis', plural: 'geneses' },
  { singular: 'oasis', plural: 'oases' }, { singular: 'thesis', plural: 'theses' }, { singular: 'testis', plural: 'testes' },
  { singular: 'base', plural: 'bases' }, { singular: 'basis', plural: 'bases', unidirectional: true },
  { singular: 'alias', plural: 'aliases', exact: true }, { singular: 'vedalia', plural: 'vedalias' },
  { singular: 'use', plural: 'uses', exact: true },
  ...['abuse', 'cause', 'clause', 'cruse', 'excuse', 'fuse', 'house', 'misuse', 'muse', 'pause', 'ache']
    .map((w) => ({ singular: w, plural: `${w}s` })),
  { singular: 'topaz', plural: 'topazes' }, { singular: 'buffalo', plural: 'buffaloes', alternative: 'buffalos' },
  { singular: 'potato', plural: 'potatoes' }, { singular: 'tomato', plural: 'tomatoes' },
  ...['equipment', 'information', 'jeans', 'money', 'news', 'rice'].map((w) => ({ singular: w })),
  { singular: 'dwarf', plural: 'dwarfs', alternative: 'dwarves' }, { singular: 'hoof', plural: 'hoofs', alternative: 'hooves' },
  { singular: 'thief', plural: 'thieves' },
  { singular: 'chive', plural: 'chives' }, { singular: 'hive', plural: 'hives' }, { singular: 'move', plural: 'moves' },
  { singular: 'movie', plural: 'movies' }, { singular: 'cookie', plural: 'cookies' },
  { singular: 'pretorium', plural: 'pretoriums' }, { singular: 'agenda', plural: 'agendas' },
  { singular: 'formula', plural: 'formulas', alternative: 'formulae' },
  { singular: 'shoe', plural: 'shoes' }, { singular: 'toe', plural: 'toes', exact: true }, same('graffiti'),
  { singular: 'ID', plural: 'IDs', exact: true },
];

// Suffix rules, highest priority first: [singular ending, plural ending]; case-sensitive.
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
  ['S', 'Ses'],
];

// Words flect keeps upper-case as one part of an identifier. Keys are looked up upper-cased, so the
// mixed-case ones (gbps, Mbps, ...) never match, as in flect.
const acronyms = new Set(
  ('OK UTF8 HTML JSON JWT ID UUID SQL ACK ACL ADSL AES ANSI API ARP ATM BGP BSS CCITT CHAP CIDR CIR CLI CPE CPU CRC ' +
    'CRT CSMA CMOS DCE DEC DES DHCP DNS DRAM DSL DSLAM DTE DMI EHA EIA EIGRP EOF ESS FCC FCS FDDI FTP GBIC gbps GEPOF ' +
    'HDLC HTTP HTTPS IANA ICMP IDF IDS IEEE IETF IMAP IP IPS ISDN ISP kbps LACP LAN LAPB LAPF LLC MAC Mbps MC MDF MIB ' +
    'MoCA MPLS MTU NAC NAT NBMA NIC NRZ NRZI NVRAM OSI OSPF OUI PAP PAT PC PIM PCM PDU POP3 POTS PPP PPTP PTT PVST RAM ' +
    'RARP RFC RIP RLL ROM RSTP RTP RCP SDLC SFD SFP SLARP SLIP SMTP SNA SNAP SNMP SOF SRAM SSH SSID STP SYN TDM TFTP ' +
    'TIA TOFU UDP URL URI USB UTP VC VLAN VLSM VPN W3C WAN WEP WiFi WPA WWW').split(' '),
);

const singularToPlural = new Map<string, string>();
const pluralToSingular = new Map<string, string>();
for (const w of dictionary) {
  const plural = w.plural ?? w.singular;
  singularToPlural.set(w.singular, plural);
  if (w.unidirectional) continue;
  pluralToSingular.set(plural, w.singular);
  if (w.alternative) pluralToSingular.set(w.alternative, w.singular);
}

interface Rule {
  suffix: string;
  /** undefined: the word already has this plural ending and stays as it is. */
  replacement?: string;
}

// Each pair contributes "already plural: keep" before "singular: replace"; later dictionary
// entries take precedence over earlier ones, and all dictionary entries over the suffix rules.
const rules: Rule[] = [
  ...dictionary.filter((w) => !w.exact).reverse().flatMap((w): Rule[] => {
    const plural = w.plural ?? w.singular;
    return [{ suffix: plural }, { suffix: w.singular, replacement: plural }];
  }),
  ...suffixRules.flatMap(([singular, plural]): Rule[] => [{ suffix: plural }, { suffix: singular, replacement: plural }]),
];

const separators = new Set(['_', ' ', ':', '-', '/']);
const isSeparator = (c: string) => separators.has(c) || /\s/u.test(c);
// The Unicode classes take V8 about a millisecond to compile on first use, a CLI run's whole
// budget for naming a kind; ASCII characters, nearly every identifier's, are classified without them.
/** An upper-case letter (Unicode Lu). */
export const isUpper = (c: string) => (c < '\x80' ? c >= 'A' && c <= 'Z' : /\p{Lu}/u.test(c));
/** A letter, digit, punctuation (Unicode L, N, P) or backquote: what flect keeps inside a word. */
export const isWordChar = (c: string) => (c < '\x80' ? /[A-Za-z0-9!-#%-*,-/:;?@[-\]_{}`]/.test(c) : /[\p{L}\p{N}\p{P}`]/u.test(c));

function appendPart(parts: string[], raw: string): void {
  let part = raw.trim();
  for (const sep of separators) part = trimChar(part, sep);
  if (acronyms.has(part.toUpperCase())) part = part.toUpperCase();
  if (part !== '') parts.push(part);
}

function trimChar(s: string, c: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && s[start] === c) start++;
  while (end > start && s[end - 1] === c) end--;
  return s.slice(start, end);
}

/** The words of an identifier as flect splits it: at separators, lower-to-upper case changes and acronyms. */
function wordsOf(identifier: string): string[] {
  const s = identifier.trim();
  if (s === '') return [];
  if (acronyms.has(s.toUpperCase())) return [s.toUpperCase()];
  const parts: string[] = [];
  let prev = '';
  let word = '';
  for (const c of s) {
    if (isSeparator(c) || (isUpper(c) && !isUpper(prev)) || (isUpper(c) && acronyms.has(word.toUpperCase()))) {
      appendPart(parts, word);
      word = c;
    } else if (isWordChar(c)) {
      word += c;
    } else {
      appendPart(parts, word);
      word = '';
    }
    prev = c;
  }
  appendPart(parts, word);
  return parts;
}

function replaceSuffix(original: string, suffix: string, replacement: string): string {
  return (original.endsWith(suffix) ? original.slice(0, original.length - suffix.length) : original) + replacement;
}

const capitalize = (s: string) => (s === '' ? s : s[0].toUpperCase() + s.slice(1));

/** flect's Pluralize: the plural of an identifier's last word, the rest kept as written. */
export function pluralize(identifier: string): string {
  const last = wordsOf(identifier).at(-1) ?? '';
  if (last === '') return '';
  const whole = singularToPlural.get(identifier);
  if (whole !== undefined) return whole;
  if (pluralToSingular.has(identifier)) return identifier;
  const lower = last.toLowerCase();
  if (pluralToSingular.has(lower)) return identifier;
  const word = singularToPlural.get(lower);
  if (word !== undefined) return replaceSuffix(identifier, last, last === capitalize(last) ? capitalize(word) : word);
  for (const rule of rules) {
    if (!last.endsWith(rule.suffix)) continue;
    const plural = rule.replacement === undefined ? last : last.slice(0, last.length - rule.suffix.length) + rule.replacement;
    return replaceSuffix(identifier, last, plural);
  }
  return lower.endsWith('s') ? identifier : `${identifier}s`;
}

/** The plural `create api` records for a kind (kubebuilder's RegularPlural): `Policy` -> `policies`. */
export function resourcePlural(kind: string): string {
  return pluralize(kind.toLowerCase());
}

/** The plural controller-gen gives a kind's CRD when no +kubebuilder:resource:path is set. */
export function crdDefaultPlural(kind: string): string {
  return pluralize(kind).toLowerCase();
}
