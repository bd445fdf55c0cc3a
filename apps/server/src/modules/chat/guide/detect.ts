import { CHAT_THEMES, type ChatLanguage, type ChatTheme } from '@candeia/shared/schemas/chat';

/**
 * What the guide reads in a message: its language, its themes and signs of risk. Plain
 * keyword patterns over a normalised copy of the text (lower case, no accents, punctuation as
 * spaces), so "não", "nao" and "NÃO" read alike.
 */

/** Lower case, accents removed, apostrophes unified, everything but letters/digits/' a single space. */
export function normalize(text: string): string {
  const plain = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’‘`´]/g, "'")
    .replace(/[^a-z0-9'\s]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return ` ${plain} `;
}

// ---------- Language ----------

/** Common words that are (nearly) only in one of the three languages, accents removed. */
const STOP_WORDS: Record<ChatLanguage, readonly string[]> = {
  pt: (
    'nao voce voces eu meu minha meus minhas estou estava tenho tinha sou com uma um isso isto muito muita mais ' +
    'mas do da dos das em na nas ao aos pra para ele ela eles elas tambem ainda hoje coracao sinto consigo ' +
    'preciso quero obrigado obrigada agora ninguem entao depois porque sei fazer deus mim comigo sempre tudo ate ' +
    'onde gente foi vou seu sua tem sao os o e ja so quando nem sem pelo pela'
  ).split(' '),
  es: (
    'yo mi mis estoy estaba tengo tenia soy con una eso esto muy mucho mucha pero del el los las la en al y ella ' +
    'ellos ellas tambien todavia hoy corazon siento puedo necesito quiero gracias ahora nadie entonces despues ' +
    'porque hacer dios conmigo siempre hasta donde fue voy hay tu su tiene son lo le ya cuando ni es mas sin pues ' +
    'usted ustedes nosotros un unos unas estas eres he ha hemos'
  ).split(' '),
  en: (
    "the and my i i'm im i've i'd i'll you is are am to of in it it's that with for have has feel feeling this " +
    "what don't dont can't cant how be not just about want need help today life god heart because really so but " +
    'was been do know all anymore myself someone anyone nobody why will would please thanks thank at on from ' +
    'every they she we our your after lost since there could should'
  ).split(' '),
};

const STOP_SETS = Object.fromEntries(
  (Object.keys(STOP_WORDS) as ChatLanguage[]).map((l) => [l, new Set(STOP_WORDS[l])]),
) as Record<ChatLanguage, Set<string>>;

/** Spelling cues on the original text (accents kept). */
const CHAR_CUES: Record<ChatLanguage, RegExp[]> = {
  pt: [/[ãõç]/g, /nh|lh/g, /dade\b/g],
  es: [/[ñ¿¡]/g, /ción\b/g, /dad\b/g],
  en: [/\b\w+'(?:s|t|m|re|ve|ll|d)\b/g, /\bth\w*/g, /\b\w+ing\b/g],
};

/**
 * The message's language: stop words and spelling cues; short or ambiguous text (fewer than
 * two points, or a tie) gives `fallback`.
 */
export function detectLanguage(text: string, fallback: ChatLanguage): ChatLanguage {
  const lower = text.toLowerCase().replace(/[’‘]/g, "'");
  const words = normalize(text).trim().split(' ').filter(Boolean);
  const scores: Record<ChatLanguage, number> = { pt: 0, en: 0, es: 0 };
  for (const lang of Object.keys(scores) as ChatLanguage[]) {
    for (const w of words) if (STOP_SETS[lang].has(w)) scores[lang] += 1;
    for (const cue of CHAR_CUES[lang]) scores[lang] += Math.min(3, (lower.match(cue) ?? []).length) * 1.5;
  }
  const ranked = (Object.keys(scores) as ChatLanguage[]).sort((a, b) => scores[b] - scores[a]);
  const [best, second] = [ranked[0]!, ranked[1]!];
  if (scores[best] < 2 || scores[best] - scores[second] < 1) return fallback;
  // A clear winner on a longer text, or a decisive one on a short text.
  if (words.length < 3 && scores[best] < 2 * Math.max(1, scores[second])) return fallback;
  return best;
}

// ---------- Themes ----------

/**
 * Keyword patterns per theme and language, over normalised text (no accents, lower case).
 * Each pattern is a stem-like regular expression source; word boundaries are added.
 */
// prettier-ignore
const THEME_WORDS: Record<ChatTheme, Record<ChatLanguage, string[]>> = {
  anxiety: {
    pt: [
      'ansios[oa]s?', 'ansiedade', 'preocupad[oa]s?', 'preocupa(?:cao|coes|r|do|da)', 'me preocupo', 'nervos[oa]s?',
      'nervosismo', 'angusti\\w*', 'aflit[oa]s?', 'afli(?:cao|gir)', 'inquiet\\w*', 'panico', 'crise de ansiedade',
      'estress\\w*', 'stress', 'tenso', 'tensa', 'tensao', 'agonia', 'nao (?:paro|consigo parar) de pensar',
      'insonia', 'nao consigo dormir', 'cabeca a mil',
    ],
    en: [
      'anxious', 'anxiety', 'worr(?:y|ied|ies|ying)', 'nervous', 'stress(?:ed|ful)?', 'panic(?:king)?',
      'overthink\\w*', 'on edge', 'restless', 'uneasy', "can'?t sleep", 'racing thoughts', 'overwhelm\\w*',
    ],
    es: [
      'ansios[oa]s?', 'ansiedad', 'preocupad[oa]s?', 'preocupacion\\w*', 'me preocupa\\w*', 'nervios\\w*',
      'angusti\\w*', 'agobi\\w*', 'estresad[oa]s?', 'estres', 'inquiet\\w*', 'panico', 'no puedo dormir', 'insomnio',
      'intranquil\\w*',
    ],
  },
  peace: {
    pt: [
      'paz', 'calma', 'acalmar\\w*', 'tranquil\\w*', 'sereni\\w*', 'sossego', 'descanso', 'descansar', 'quietude',
      'silencio interior', 'equilibrio',
    ],
    en: [
      'peace', 'peaceful', 'calm(?:er|ness)?', 'serenity', 'serene', 'tranquil\\w*', 'stillness', 'quiet mind',
      'inner rest',
    ],
    es: [
      'paz', 'calma', 'calmar\\w*', 'tranquil\\w*', 'sereni\\w*', 'sosiego', 'descanso', 'descansar', 'equilibrio',
    ],
  },
  strength: {
    pt: [
      'forcas?', 'fortalec\\w*', 'fraco', 'fraca', 'fraqueza', 'sem forcas', 'nao aguento', 'nao suporto',
      'exaust[oa]s?', 'esgotad[oa]s?', 'cansad[oa]s?', 'coragem', 'dificil demais', 'pesado demais', 'fardo',
    ],
    en: [
      'strength', 'strong(?:er)?', 'weak(?:ness)?', "can'?t take (?:it|this)", 'exhausted', 'drained', 'worn out',
      'burn(?:ed|t) out', 'tired', 'courage', 'too hard', 'too heavy', 'burden',
    ],
    es: [
      'fuerzas?', 'fortalec\\w*', 'debil', 'debilidad', 'sin fuerzas', 'no aguanto', 'no puedo mas', 'agotad[oa]s?',
      'exhaust[oa]s?', 'cansad[oa]s?', 'coraje', 'demasiado dificil', 'carga',
    ],
  },
  hope: {
    pt: [
      'esperanc\\w*', 'desesperanc\\w*', 'sem saida', 'futuro', 'desanimad[oa]s?', 'desanimo', 'nada vai melhorar',
      'melhorar', 'recomec\\w*', 'sonhos?', 'perdi a fe', 'desacreditad[oa]s?', 'tudo (?:da|deu) errado',
    ],
    en: [
      'hope(?:less|ful)?', 'no way out', 'future', 'discouraged', 'giving up hope', 'get better', 'never get better',
      'start over', 'dreams?', 'lost (?:my )?faith', 'everything (?:is going|went) wrong',
    ],
    es: [
      'esperanz\\w*', 'desesperanz\\w*', 'sin salida', 'futuro', 'desanimad[oa]s?', 'desanimo', 'nada va a mejorar',
      'mejorar', 'empezar de nuevo', 'suenos?', 'perdi la fe', 'todo (?:sale|salio) mal',
    ],
  },
  love: {
    pt: [
      'amor', 'amar', 'amo', 'amad[oa]s?', 'namor\\w*', 'casamento', 'casad[oa]s?', 'marido', 'esposa',
      'relacionamento', 'paixao', 'apaixonad[oa]s?', 'carinho', 'familia', 'filhos?', 'filhas?', 'coracao partido',
    ],
    en: [
      'love(?:d|s)?', 'loving', 'relationship', 'marriage', 'married', 'husband', 'wife', 'boyfriend', 'girlfriend',
      'partner', 'in love', 'crush', 'family', 'my (?:son|daughter|kids|children)', 'broken heart', 'heartbroken',
    ],
    es: [
      'amor', 'amar', 'amo', 'te quiero', 'novi[oa]s?', 'pareja', 'matrimonio', 'casad[oa]s?', 'marido', 'esposo',
      'esposa', 'enamorad[oa]s?', 'carino', 'familia', 'hij[oa]s?', 'corazon roto',
    ],
  },
  comfort: {
    pt: [
      'triste', 'tristeza', 'chor(?:ar|ando|ei|o)', 'lagrimas', 'dor', 'doendo', 'doi', 'sofr\\w*', 'deprimid[oa]s?',
      'depressao', 'arrasad[oa]s?', 'consolo', 'consolar', 'magoad[oa]s?', 'machucad[oa]s?', 'pra baixo',
      'abatid[oa]s?', 'coracao partido', 'desabaf\\w*',
    ],
    en: [
      'sad(?:ness)?', 'cry(?:ing)?', 'cried', 'tears', 'pain', 'hurt(?:s|ing)?', 'suffer\\w*', 'depress\\w*',
      'devastated', 'comfort', 'heartbroken', 'broken heart', 'feeling down', 'miserable', 'unhappy',
    ],
    es: [
      'triste', 'tristeza', 'llor(?:ar|ando|e|o)', 'lagrimas', 'dolor', 'duele', 'sufr\\w*', 'deprimid[oa]s?',
      'depresion', 'destrozad[oa]s?', 'consuelo', 'consolar', 'dolid[oa]s?', 'herid[oa]s?', 'bajon', 'desahog\\w*',
      'corazon roto',
    ],
  },
  wisdom: {
    pt: [
      'decis(?:ao|oes)', 'decidir', 'escolh\\w*', 'duvidas?', 'nao sei o que fazer', 'conselhos?', 'sabedoria',
      'discernimento', 'caminho certo', 'orienta(?:cao|r)', 'confus[oa]s?', 'dilema', 'aconselh\\w*',
    ],
    en: [
      'decision', 'decide', 'choice', 'choose', 'doubts?', "(?:don'?t|do not) know what to do", 'advice', 'wisdom',
      'discern\\w*', 'right path', 'guidance', 'confused', 'dilemma', 'which way',
    ],
    es: [
      'decision\\w*', 'decidir', 'eleg\\w*', 'escoger', 'dudas?', 'no se que hacer', 'consejos?', 'sabiduria',
      'discernimiento', 'camino correcto', 'orientacion', 'confundid[oa]s?', 'dilema', 'aconsej\\w*',
    ],
  },
  perseverance: {
    pt: [
      'cansad[oa]s?', 'cansaco', 'desist\\w*', 'nao aguento', 'continuar', 'seguir em frente', 'persever\\w*',
      'persist\\w*', 'esgotad[oa]s?', 'insistir', 'luta', 'lutando', 'batalha', 'nao consigo mais', 'paciencia',
      'desanim\\w*',
    ],
    en: [
      'tired', 'give up', 'giving up', 'gave up', 'quit(?:ting)?', 'keep going', 'carry on', 'persever\\w*',
      'persist\\w*', 'exhausted', 'struggl\\w*', 'fight(?:ing)?', 'again and again', 'patience', 'endure',
    ],
    es: [
      'cansad[oa]s?', 'cansancio', 'rendirme', 'me rindo', 'rendir', 'desistir', 'no aguanto', 'no puedo mas',
      'seguir adelante', 'continuar', 'persever\\w*', 'persist\\w*', 'agotad[oa]s?', 'lucha', 'luchando', 'batalla',
      'paciencia',
    ],
  },
  grief: {
    pt: [
      'luto',
      'perdi (?:minha|meu|a minha|o meu|a|o) (?:mae|pai|avo|avos|filh[oa]|espos[oa]|marido|irma[o]?|amig[oa]|vo|tia|tio|bebe|cachorr[oa]|gat[oa])',
      'perda', 'faleceu', 'falecid[oa]', 'falecimento', 'morreu', 'morte d[aoe]', 'saudades?', 'enterro', 'velorio',
      'se foi', 'nao esta mais aqui', 'sinto (?:muita )?falta d\\w+', 'aborto',
    ],
    en: [
      'grie(?:f|ve|ving)', 'mourn\\w*', 'passed away', 'passed on', 'died', 'death of',
      'lost my (?:mom|mother|dad|father|son|daughter|wife|husband|brother|sister|friend|baby|grandma|grandmother|grandpa|grandfather|dog|cat)',
      'funeral', 'miss (?:him|her|them) so', 'i miss (?:him|her|them|my)', 'loss of', 'no longer with us',
      'miscarriage',
    ],
    es: [
      'duelo', 'luto', 'perdi a (?:mi|mis) \\w+', 'fallec\\w*', 'murio', 'muerte de', 'la extrano', 'lo extrano',
      'extrano a', 'echo de menos', 'entierro', 'velorio', 'funeral', 'ya no esta', 'aborto',
    ],
  },
  forgiveness: {
    pt: [
      'perdo(?:ar|o|ei|ou|e|a|ado|ada)', 'perdao', 'magoa', 'magoad[oa]s?', 'rancor', 'ressentiment\\w*',
      'trai(?:u|cao|do|da)', 'culpa', 'culpad[oa]s?', 'arrependid[oa]s?', 'arrependimento', 'raiva de', 'odio',
      'me fez mal', 'vinganca',
    ],
    en: [
      'forgiv\\w*', 'forgave', 'resent\\w*', 'grudge', 'betray\\w*', 'guilt(?:y)?', 'regret\\w*', 'bitter(?:ness)?',
      'angry at', 'hate (?:him|her|them|myself)', 'cheated on me', 'revenge', 'wronged me', 'hurt me',
    ],
    es: [
      'perdon(?:ar|o|e|a)?', 'perdone', 'rencor', 'resentimiento', 'resentid[oa]s?', 'traici\\w*', 'culpa',
      'culpable', 'arrepentid[oa]s?', 'arrepentimiento', 'rabia', 'odio', 'me hizo dano', 'venganza', 'me enga\\w*',
    ],
  },
  gratitude: {
    pt: [
      'grat[oa]s?', 'gratidao', 'agradec\\w*', 'abencoad[oa]s?', 'bencaos?', 'alegria', 'gracas a deus',
      'conquist\\w*', 'deu certo', 'celebr\\w*',
    ],
    en: [
      'grateful', 'gratitude', 'thankful', 'thank god', 'thank you god', 'bless(?:ed|ings?)', 'joy(?:ful)?',
      'celebrat\\w*', 'it worked out', 'good news', 'appreciat\\w*',
    ],
    es: [
      'agradecid[oa]s?', 'agradec\\w*', 'gratitud', 'bendecid[oa]s?', 'bendicion\\w*', 'gracias a dios', 'alegria',
      'celebr\\w*', 'salio bien', 'buenas noticias',
    ],
  },
  fear: {
    pt: [
      'medo', 'medos', 'pavor', 'assustad[oa]s?', 'apavorad[oa]s?', 'receio', 'terror', 'panico', 'tenho medo',
      'temo', 'ameaca', 'inseguranc\\w*', 'insegur[oa]s?', 'fobia',
    ],
    en: [
      'fear(?:s|ful)?', 'afraid', 'scared', 'terrified', 'frightened', 'panic', 'terror', 'dread', 'insecur\\w*',
      'threat(?:ened)?', 'phobia',
    ],
    es: [
      'miedo', 'miedos', 'asustad[oa]s?', 'aterrad[oa]s?', 'aterroriz\\w*', 'temor', 'temo', 'panico', 'pavor',
      'terror', 'insegur\\w*', 'amenaza', 'fobia',
    ],
  },
  loneliness: {
    pt: [
      'sozinh[oa]s?', 'solidao', 'solitari[oa]s?', 'ninguem (?:me )?(?:entende|liga|se importa|me ouve|me ama)',
      'isolad[oa]s?', 'abandonad[oa]s?', 'sem amigos', 'excluid[oa]s?', 'nao tenho ninguem', 'me sinto so',
      'rejeitad[oa]s?', 'invisivel',
    ],
    en: [
      'alone', 'lonely', 'loneliness', 'isolated', 'no one (?:cares|understands|listens)',
      'nobody (?:cares|understands|listens|loves me)', 'abandoned', 'no friends', 'left out', 'rejected', 'invisible',
      'by myself',
    ],
    es: [
      '(?:tan|muy|completamente) sol[oa]', 'me siento sol[oa]', 'estoy sol[oa]', 'soledad', 'solitari[oa]s?',
      'nadie (?:me )?(?:entiende|importa|escucha|quiere)', 'aislad[oa]s?', 'abandonad[oa]s?', 'sin amigos',
      'excluid[oa]s?', 'no tengo a nadie', 'rechazad[oa]s?', 'invisible',
    ],
  },
  purpose: {
    pt: [
      'sentido da (?:minha )?vida', 'sentido na vida', 'sem sentido', 'proposito', 'para que (?:eu )?vivo',
      'pra que (?:eu )?vivo', 'missao', 'vocacao', 'sem rumo', 'vazi[oa]', 'vazio por dentro', 'qual o sentido',
      'perdid[oa]s? na vida', 'meu lugar no mundo', 'rumo',
    ],
    en: [
      'purpose', 'meaning(?:less)?', 'meaning of (?:my )?life', "what'?s the point", 'calling', 'direction',
      'lost in life', 'why am i here', 'empty inside', 'feel empty', 'my place in the world', 'mission',
    ],
    es: [
      'sentido de (?:mi|la) vida', 'sin sentido', 'proposito', 'para que vivo', 'mision', 'vocacion', 'sin rumbo',
      'vaci[oa]', 'perdid[oa]s? en la vida', 'mi lugar en el mundo', 'llamado', 'rumbo',
    ],
  },
};

const compile = (sources: string[]) => new RegExp(`(?<=\\s)(?:${sources.join('|')})(?=\\s)`, 'g');

const THEME_PATTERNS: Record<ChatTheme, Record<ChatLanguage, RegExp[]>> = Object.fromEntries(
  CHAT_THEMES.map((theme) => [
    theme,
    Object.fromEntries(
      (['pt', 'en', 'es'] as const).map((lang) => [lang, THEME_WORDS[theme][lang].map((s) => compile([s]))]),
    ),
  ]),
) as Record<ChatTheme, Record<ChatLanguage, RegExp[]>>;

/** How much a match in the detected language counts against one in another language. */
const OWN_LANGUAGE_WEIGHT = 2;
const MAX_THEMES = 3;

/**
 * The themes of a message, strongest first (at most three; empty when none matches). Every
 * language's keywords are tried, the detected language's counting double; a pattern counts
 * once per occurrence, ties go to the theme mentioned first.
 */
export function detectThemes(text: string, language: ChatLanguage): ChatTheme[] {
  const norm = normalize(text);
  const found: { theme: ChatTheme; score: number; first: number; order: number }[] = [];
  CHAT_THEMES.forEach((theme, order) => {
    let score = 0;
    let first = Infinity;
    for (const lang of ['pt', 'en', 'es'] as const) {
      const weight = lang === language ? OWN_LANGUAGE_WEIGHT : 1;
      for (const re of THEME_PATTERNS[theme][lang]) {
        re.lastIndex = 0;
        let hits = 0;
        for (const m of norm.matchAll(re)) {
          hits++;
          first = Math.min(first, m.index);
        }
        score += Math.min(hits, 3) * weight;
      }
    }
    if (score > 0) found.push({ theme, score, first, order });
  });
  found.sort((a, b) => b.score - a.score || a.first - b.first || a.order - b.order);
  return found.slice(0, MAX_THEMES).map((f) => f.theme);
}

// ---------- Crisis ----------

/** Words that, after "morrer"/"die"/"morir", make it a figure of speech ("morrer de rir"). */
const FIGURATIVE =
  '(?! de (?:rir|riso|vergonha|saudades?|fome|sono|calor|frio|tedio|inveja|amor|curiosidade|risa|verguenza|hambre|ganas|aburrimiento|envidia|celos))';
const FIGURATIVE_EN = '(?! (?:laughing|of (?:laughter|embarrassment|boredom|shame)))';
/** "viver com ele", "vivir en esta ciudad", "live with them": where or with whom, not whether. */
const NOT_WHERE_PT =
  '(?! (?:com|em|na|no|nessa|nesse|nesta|neste|naquela|naquele|perto|longe|aqui|ali|la|junt[oa]s?|sozinh[oa]))';
const NOT_WHERE_ES = '(?! (?:con|en|cerca|lejos|aqui|alli|ahi|junt[oa]s?|sol[oa]))';
const NOT_WHERE_EN = '(?! (?:with|in|at|near|there|here|alone|together))';
const NOT_NEGATED_PT = '(?<! nao)(?<! nunca)';
const NOT_NEGATED_ES = '(?<! no)(?<! nunca)';
const NOT_NEGATED_EN = "(?<! don't)(?<! dont)(?<! do not)(?<! never)(?<! didn't)(?<! not)";

const CRISIS_SOURCES: string[] = [
  // Portuguese
  `${NOT_NEGATED_PT} (?:quero|queria|quisera|vontade de|desejo|prefiro|penso em|pensando em) morrer${FIGURATIVE}`,
  ` (?:me|se) matar(?! de (?:trabalhar|estudar|rir|tanto))`,
  ` matar a mim mesm[oa]`,
  ` tirar (?:a )?(?:minha )?(?:propria )?vida`,
  ` suicid\\w*`,
  ` nao (?:quero|aguento|consigo) mais viver${NOT_WHERE_PT}`,
  ` nao quero (?:mais )?(?:viver${NOT_WHERE_PT}|estar vivo|estar viva|existir)`,
  ` sem vontade de viver`,
  ` nao vale (?:mais )?a pena viver`,
  ` (?:acabar|terminar) com (?:tudo|a minha vida|minha vida)`,
  ` (?:por|dar) (?:um )?fim (?:a|na|em) (?:minha )?vida`,
  ` me (?:cortar|corto|cortando|cortei)(?! o cabelo| a franja)`,
  ` me (?:machucar|ferir|machuco)(?: de proposito)?`,
  ` automutila\\w*`,
  ` autolesao`,
  ` seria melhor (?:se eu )?(?:morrer|morresse|nao existir|nao existisse)`,
  ` melhor (?:eu )?(?:morto|morta)`,
  // English
  ` kill(?:ing)? myself(?! laughing)`,
  ` end(?:ing)? (?:my life|it all)`,
  ` take my (?:own )?life`,
  `${NOT_NEGATED_EN} (?:want|wanna|wanted) to die${FIGURATIVE_EN}`,
  ` wish i (?:was|were) dead`,
  ` better off dead`,
  ` (?:don't|dont|do not) want to (?:live${NOT_WHERE_EN}|be alive|exist)(?: anymore)?`,
  ` no reason to live`,
  ` nothing to live for`,
  ` self ?harm\\w*`,
  `(?<! accidentally) (?:hurt|hurting|cut|cutting|harm|harming) myself(?! (?:playing|while|by accident|at (?:work|the gym)))`,
  // Spanish
  `${NOT_NEGATED_ES} (?:quiero|queria|quisiera|ganas de|deseo|prefiero|pienso en) morir(?:me)?${FIGURATIVE}`,
  ` matarme(?! (?:a|de) (?:trabajar|estudiar|risa|reir))`,
  ` me voy a matar(?! (?:a|de) (?:trabajar|estudiar|risa|reir))`,
  ` quitarme la vida`,
  ` quitar(?:me)? (?:mi|la) (?:propia )?vida`,
  ` no quiero (?:seguir )?(?:vivir${NOT_WHERE_ES}|viviendo${NOT_WHERE_ES}|estar viv[oa]|existir)`,
  ` no (?:vale|merece) la pena vivir`,
  ` sin ganas de vivir`,
  ` (?:acabar|terminar) con (?:todo|mi vida)`,
  ` hacerme dano`,
  ` (?:cortarme|me corto|lastimarme|herirme)(?! el pelo)`,
  ` autolesion\\w*`,
];

const CRISIS_PATTERN = new RegExp(`(?:${CRISIS_SOURCES.join('|')})(?=\\s)`);

/**
 * Signs of a risk of self-harm or suicide, in Portuguese, English or Spanish. Case and accents
 * do not matter; a few figures of speech ("morrer de rir", "dying to see", "me mata de risa")
 * and plain negations ("não quero morrer") do not count.
 */
export function detectCrisis(text: string): boolean {
  return CRISIS_PATTERN.test(normalize(text));
}
