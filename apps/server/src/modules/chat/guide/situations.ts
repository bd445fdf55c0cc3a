import { CHAT_THEMES, type ChatLanguage, type ChatTheme } from '@candeia/shared/schemas/chat';
import { detectThemes, normalize } from './detect.ts';

/**
 * What is happening in a member's life, beside what they feel: a marriage in trouble, a
 * divorce, work, an illness, the death of someone close, an addiction, doubts of faith, guilt,
 * or a quarrel to forgive. The guide acknowledges the situation (in the member's words for the
 * person involved: "seu irmão", "your mother") and answers with its practice and question;
 * the situation also brings the themes whose passages fit it.
 */
export const SITUATIONS = [
  'bereavement',
  'divorce',
  'marriage',
  'illness',
  'addiction',
  'conflict',
  'work',
  'doubt',
  'guilt',
] as const;
export type Situation = (typeof SITUATIONS)[number];

/** People a member may name, as the catalogue's `people.<key>` ("sua mãe", "your mother", "tu madre"). */
export const PEOPLE = [
  'mother',
  'father',
  'son',
  'daughter',
  'baby',
  'brother',
  'sister',
  'husband',
  'wife',
  'friend',
  'friendF',
  'boss',
  'bossF',
  'grandmother',
  'grandfather',
] as const;
export type Person = (typeof PEOPLE)[number];

export interface SituationFound {
  situation: Situation;
  /** The person the member named with it, when there is one ("minha mãe morreu" → mother). */
  person?: Person;
}

/** The themes each situation brings, strongest first (PRODUCT.md's theme list). */
export const SITUATION_THEMES: Record<Situation, ChatTheme[]> = {
  bereavement: ['grief', 'comfort', 'hope'],
  divorce: ['comfort', 'hope', 'loneliness'],
  marriage: ['love', 'forgiveness', 'perseverance'],
  illness: ['strength', 'comfort', 'hope'],
  addiction: ['strength', 'perseverance', 'hope'],
  work: ['wisdom', 'perseverance', 'purpose'],
  doubt: ['wisdom', 'hope', 'peace'],
  guilt: ['forgiveness', 'peace', 'hope'],
  conflict: ['forgiveness', 'love', 'peace'],
};

// Words for people, normalised (no accents), by language; the possessive before them is optional.
// prettier-ignore
const PERSON_WORDS: Record<Person, string> = {
  mother: 'mae|mamae|mother|mom|mum|madre|mama',
  father: 'pai|papai|father|dad|padre|papa',
  son: 'filho|son|hijo',
  daughter: 'filha|daughter|hija',
  baby: 'bebe|nene|baby|bebito|bebita',
  brother: 'irmao|brother|hermano',
  sister: 'irma|sister|hermana',
  husband: 'marido|esposo|husband',
  wife: 'esposa|mulher|wife|mujer',
  friend: 'amigo|friend|best friend|melhor amigo|mejor amigo',
  friendF: 'amiga|melhor amiga|mejor amiga',
  boss: 'chefe|patrao|boss|manager|jefe',
  bossF: 'jefa|patroa',
  grandmother: 'avo|vovo|grandmother|grandma|abuela',
  grandfather: 'avo|vovo|grandfather|grandpa|abuelo',
};
/** "avó"/"avô" and "chefe" read alike without accents: the Portuguese possessive before them tells. */
const FEMININE_BEFORE = /(?:^| )(?:minha|a|nossa|sua)\s*$/;
const MASCULINE_BEFORE = /(?:^| )(?:meu|o|nosso|seu)\s*$/;
const MY = '(?:meu|minha|meus|minhas|my|mi|mis|o|a|al|a la|the|nosso|nossa|our|nuestro|nuestra) ';
const ANY_PERSON = Object.values(PERSON_WORDS).join('|');

// prettier-ignore
const SITUATION_SOURCES: Record<Situation, string[]> = {
  bereavement: [
    // Portuguese
    `(?:perdi|perdemos|enterrei|enterramos) ${MY}?(?:${ANY_PERSON})`,
    `${MY}(?:${ANY_PERSON}) (?:morreu|faleceu|partiu|se foi|nos deixou|perdeu a batalha)`,
    `(?:morte|falecimento|enterro|velorio|funeral) d[oa] ${MY}?(?:${ANY_PERSON})`,
    'fiquei vi[uv]v[oa]', 'sou vi[uv]v[oa]', '(?:de|em|meu|o|no) luto', 'saudade de quem (?:partiu|morreu)',
    // English
    `(?:lost|buried) ${MY}?(?:${ANY_PERSON})`,
    `${MY}(?:${ANY_PERSON}) (?:died|passed away|passed|is gone|was killed)`,
    `(?:death|funeral|loss) of ${MY}?(?:${ANY_PERSON})`, 'widow(?:ed|er)?', 'bereave\\w*', 'mourning',
    // Spanish
    `(?:perdi|enterre) ${MY}?(?:${ANY_PERSON})`,
    `${MY}(?:${ANY_PERSON}) (?:murio|fallecio|se fue|nos dejo)`,
    `(?:muerte|fallecimiento|entierro|funeral) de ${MY}?(?:${ANY_PERSON})`, 'quede viud[oa]', 'soy viud[oa]', '(?:de|en|mi|el) duelo',
  ],
  divorce: [
    'divorci\\w*', 'separad[oa]', 'separacao', 'me separei', 'nos separamos', 'fim do (?:meu )?casamento',
    'ele me deixou', 'ela me deixou', 'ex marido', 'ex mulher', 'ex esposa', 'minha ex', 'meu ex',
    'divorce\\w*', 'separated', 'separation', 'broke up', 'left me for', 'my ex', 'ex wife', 'ex husband',
    'separacion', 'nos separamos', 'me dejo', 'mi ex', 'ex esposo', 'ex esposa', 'ex marido',
  ],
  marriage: [
    'casamento', 'casad[oa]', 'meu marido', 'minha esposa', 'minha mulher', 'meu esposo', 'nosso casamento',
    'marriage', 'married', 'my husband', 'my wife', 'my spouse',
    'matrimonio', 'mi esposo', 'mi esposa', 'mi marido', 'mi mujer', 'casad[oa]',
  ],
  illness: [
    'doen(?:ca|te)s?', 'enferm\\w*', 'cancer', 'tumor', 'diagnostic\\w*', 'hospital\\w*', 'internad[oa]', 'cirurgia',
    'quimio\\w*', 'tratamento', 'uti', 'exames?',
    'illness', 'sick(?! of| and tired)', 'disease', 'diagnos\\w*', 'surgery', 'chemo\\w*', 'treatment', 'icu', 'terminal',
    'enfermedad', 'enferm[oa]', 'cirugia', 'tratamiento', 'ingresad[oa]', 'hospitalizad[oa]',
  ],
  addiction: [
    'vici\\w*', 'dependencia', 'dependente quimic\\w*', 'alcool', 'alcoolismo', 'alcoolatra', 'bebo demais',
    'beber demais', 'bebida', 'drogas?', 'cocaina', 'crack', 'maconha', 'recaida', 'reca[ií]\\w*', 'apostas?',
    'pornografia', 'sobriedade', 'sobrio',
    'addict\\w*', 'alcohol\\w*', 'drinking', 'drunk', 'drugs?', 'cocaine', 'relapse\\w*', 'gambling', 'porn\\w*', 'sober\\w*',
    'adicci\\w*', 'adict[oa]', 'alcohol', 'bebo demasiado', 'cocaina', 'recaida', 'recai', 'apuestas', 'sobriedad',
  ],
  work: [
    'trabalho', 'emprego', 'desempregad[oa]', 'desemprego', 'demitid[oa]', 'demissao', 'chefe', 'colegas de trabalho',
    'empresa', 'carreira', 'reuniao', 'promocao',
    'at work', 'my work', 'work is', 'workplace', '(?:my )?job', 'jobless', 'unemployed', 'fired', 'laid off', 'layoff', 'my boss', 'coworkers?', 'career', 'meeting',
    'promotion', 'office',
    'trabajo', 'empleo', 'desempleado', 'desempleo', 'despedid[oa]', 'jefe', 'compañeros de trabajo', 'carrera',
    'reunion', 'ascenso', 'oficina',
  ],
  doubt: [
    'duvid\\w* (?:de|da|que) deus', 'deus existe', 'perdi (?:a|minha) fe', 'perdendo (?:a|minha) fe',
    'nao (?:sei se )?(?:consigo )?(?:acredit\\w*|creio) (?:mais )?(?:em deus|que deus)', 'onde (?:esta|estava) deus',
    'deus (?:me )?abandonou', 'crise de fe', 'duvidas? de fe', 'fe (?:esta )?abalada',
    'doubt\\w* (?:god|my faith)', 'god (?:even )?exists?', 'does god exist', 'lost my faith', 'losing my faith',
    "(?:don'?t|can'?t|cannot) believe in god", 'where (?:is|was) god', 'god (?:has )?abandoned', 'crisis of faith',
    'dud\\w* (?:de|que) dios', 'dios existe', 'perdi (?:la|mi) fe', 'perdiendo (?:la|mi) fe', 'no (?:puedo )?creo? en dios',
    'donde (?:esta|estaba) dios', 'dios me abandono', 'crisis de fe',
  ],
  guilt: [
    'culpa', 'culpad[oa]', 'remorso', 'arrependid[oa]', 'me arrependo', 'vergonha do que fiz', 'errei feio',
    'guilt', 'guilty', 'remorse', 'regret\\w*', 'ashamed of what i', 'i messed up',
    'culpable', 'remordimiento', 'arrepentid[oa]', 'me arrepiento', 'verguenza de lo que hice',
  ],
  conflict: [
    `perdo\\w* ${MY}?(?:${ANY_PERSON})`, `(?:briguei|brigamos|discuti|discutimos) com ${MY}?(?:${ANY_PERSON})`,
    `${MY}(?:${ANY_PERSON}) (?:me traiu|me magoou|me feriu|nao fala comigo)`, 'brigad[oa]s? com',
    `forgiv\\w* ${MY}?(?:${ANY_PERSON})`, `(?:fought|argued|had a fight) with ${MY}?(?:${ANY_PERSON})`,
    `${MY}(?:${ANY_PERSON}) (?:betrayed|hurt|won'?t talk to) me`,
    `perdon\\w* a ${MY}?(?:${ANY_PERSON})`, `(?:discuti|pelee|me pelee|nos peleamos) con ${MY}?(?:${ANY_PERSON})`,
    `${MY}(?:${ANY_PERSON}) me (?:traiciono|hirio|lastimo)`,
  ],
};

const SITUATION_PATTERNS = Object.fromEntries(
  SITUATIONS.map((s) => [s, new RegExp(`(?<=\\s)(?:${SITUATION_SOURCES[s].join('|')})(?=\\s)`)]),
) as Record<Situation, RegExp>;

const PERSON_PATTERNS = PEOPLE.map((p) => [p, new RegExp(`(?<=\\s)(?:${PERSON_WORDS[p]})(?=\\s)`)] as const);

/**
 * Which person a stretch of normalised text names, if any. "avó"/"avô" and "chefe" read alike
 * without accents: "meu avô" is a grandfather, "minha chefe" a woman.
 */
function personIn(text: string): Person | undefined {
  const padded = ` ${text.trim()} `;
  for (const [person, re] of PERSON_PATTERNS) {
    const m = re.exec(padded);
    if (!m) continue;
    const before = padded.slice(0, m.index);
    if (person === 'grandmother' && MASCULINE_BEFORE.test(before)) return 'grandfather';
    if (person === 'boss' && FEMININE_BEFORE.test(before)) return 'bossF';
    return person;
  }
  return undefined;
}

/** Only the words right after a possessive ("meu filho", "my wife", "mi madre"), so a person merely mentioned is not taken. */
function possessed(norm: string): string {
  const found = norm.match(/(?<= )(?:meu|minha|my|mi|nosso|nossa|our|nuestro|nuestra) \S+(?: \S+)?/g) ?? [];
  return found.join(' | ');
}

/** Situations that say less when a more specific one is found (a divorce is about a marriage). */
const COVERED_BY: Partial<Record<Situation, Situation[]>> = {
  marriage: ['divorce', 'bereavement'],
  guilt: ['addiction'],
  illness: ['bereavement'],
};

/**
 * The situations a message speaks of, most specific first (at most two), each with the person
 * it names when there is one. "Minha mãe morreu" → bereavement (mother); "como perdoar meu
 * irmão?" → conflict (brother); "45 anos, divorciado" → divorce.
 */
export function detectSituations(text: string): SituationFound[] {
  const norm = normalize(text);
  const found: SituationFound[] = [];
  for (const situation of SITUATIONS) {
    const m = SITUATION_PATTERNS[situation].exec(norm);
    if (!m) continue;
    // The person named in the words found ("perdi meu pai"), else one named with a possessive
    // anywhere in the message ("meu filho está internado").
    const named = situation === 'bereavement' || situation === 'conflict' ? personIn(m[0]) : undefined;
    const person = named ?? personIn(possessed(norm));
    found.push(person ? { situation, person } : { situation });
  }
  const kinds = new Set(found.map((f) => f.situation));
  return found.filter((f) => !(COVERED_BY[f.situation] ?? []).some((s) => kinds.has(s))).slice(0, 2);
}

const CHAT_THEME_SET = new Set<string>(CHAT_THEMES);

/** Themes beyond the first three are not used (as detectThemes). */
const MAX_THEMES = 3;

export interface Listening {
  themes: ChatTheme[];
  situations: SituationFound[];
  /** The themes were carried from the previous answer: the message names none of its own. */
  carried: boolean;
}

/**
 * What the guide hears in a message: its situations, and its themes, those of the situations
 * first when the message names no feeling ("como perdoar meu irmão?" → forgiveness) and after
 * them otherwise. A follow-up with no theme or situation of its own ("e se não der certo?")
 * carries the theme of the previous answer in the conversation.
 */
export function listen(text: string, language: ChatLanguage, previousTheme?: unknown): Listening {
  const situations = detectSituations(text);
  const own = detectThemes(text, language);
  const fromSituations = situations.flatMap((s) => SITUATION_THEMES[s.situation]);
  const themes = [...new Set([...own.slice(0, 2), ...fromSituations, ...own])].slice(0, MAX_THEMES);
  if (themes.length) return { themes, situations, carried: false };
  const carried = typeof previousTheme === 'string' && (CHAT_THEME_SET as Set<string>).has(previousTheme);
  return { themes: carried ? [previousTheme as ChatTheme] : [], situations, carried };
}
