/**
 * English plurals of kind names, following the rules of gobuffalo/flect that controller-gen uses
 * for a CRD's default plural (the common suffix rules and irregular words).
 */
const IRREGULAR: Record<string, string> = {
  person: 'people',
  man: 'men',
  woman: 'women',
  child: 'children',
  mouse: 'mice',
  goose: 'geese',
  foot: 'feet',
  tooth: 'teeth',
  ox: 'oxen',
  datum: 'data',
  index: 'indices',
  matrix: 'matrices',
  vertex: 'vertices',
  criterion: 'criteria',
  analysis: 'analyses',
  basis: 'bases',
  crisis: 'crises',
  status: 'statuses',
  alias: 'aliases',
  quiz: 'quizzes',
  leaf: 'leaves',
  knife: 'knives',
  life: 'lives',
  wife: 'wives',
  half: 'halves',
  policy: 'policies',
  equipment: 'equipment',
  information: 'information',
  news: 'news',
  series: 'series',
  species: 'species',
  sheep: 'sheep',
  fish: 'fish',
  deer: 'deer',
  money: 'money',
  rice: 'rice',
};

/** The plural of a word; the case of the last word part is kept as written. */
export function pluralize(word: string): string {
  const lower = word.toLowerCase();
  for (const [singular, plural] of Object.entries(IRREGULAR)) {
    if (lower.endsWith(singular)) {
      // Only when the irregular word is the whole word or a CamelCase part of it.
      const start = word.length - singular.length;
      if (start === 0 || /[A-Z]/.test(word[start]!)) return word.slice(0, start) + matchCase(word.slice(start), plural);
    }
  }
  if (/(s|x|z|ch|sh)$/i.test(word)) return word + 'es';
  if (/[^aeiou]y$/i.test(word)) return word.slice(0, -1) + 'ies';
  return word + 's';
}

function matchCase(original: string, plural: string): string {
  return /^[A-Z]/.test(original) ? plural[0]!.toUpperCase() + plural.slice(1) : plural;
}
