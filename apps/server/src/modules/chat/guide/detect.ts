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
      '(?:de|em|meu|o|no|pelo) luto',
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
      '(?:de|en|mi|el) duelo', '(?:de|en|mi|el) luto', 'perdi a (?:mi|mis) \\w+', 'fallec\\w*', 'murio', 'muerte de', 'la extrano', 'lo extrano',
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
  '(?! de (?:la |el )?(?:rir|riso|vergonha|saudades?|fome|sono|calor|frio|tedio|inveja|amor|curiosidade|risa|verguenza|hambre|ganas|aburrimiento|envidia|celos))';
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
  // ---------- Portuguese ----------
  // Said openly: dying, killing oneself, suicide, self-harm.
  `${NOT_NEGATED_PT} (?:quero|queria|quisera|vontade de|desejo|prefiro|penso em|pensando em) morrer${FIGURATIVE}`,
  `(?<! vai| vao| ira| vai acabar) (?:me|se) matar(?! de (?:trabalhar|estudar|rir|tanto))`,
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
  // Said softly: not waking up, not existing, never having been born, vanishing for good.
  ` (?:queria|quero|gostaria de|preferia|quisera|so queria) (?:(?:dormir|deitar) e )?nao acordar`,
  ` dormir (?:e |pra |para )?(?:nunca mais|nao) (?:mais )?acordar`,
  ` nao acordar (?:nunca )?mais`,
  ` dormir (?:pra|para) sempre`,
  ` (?:queria|quero|gostaria de|preferia|quisera|melhor) (?:eu )?nao (?:existir|existisse|ter nascido)`,
  ` nunca ter nascido`,
  ` (?:deixar|parar) de existir`,
  ` (?:sumir|desaparecer) (?:pra sempre|para sempre|de vez|deste mundo|desse mundo|do mundo)`,
  ` (?:queria|quero|preferia|prefiro|gostaria de) estar (?:mort[oa]|debaixo da terra)`,
  ` (?:deus|senhor|jesus) me (?:leva|leve|tira|tire) (?:logo|embora|agora|de uma vez|deste mundo|desse mundo)`,
  ` me (?:leva|leve|tira|tire) (?:deste|desse) mundo`,
  ` (?:ir embora|partir|sair) (?:deste|desse|do) mundo`,
  // A burden; better off without me; nobody would miss me.
  ` (?:sou|me sinto) (?:so )?(?:um |uma )?(?:peso|fardo|estorvo) (?:para|pra|na vida d\\w*) (?:a |o |os |as )?(?:minha |meu |meus |minhas )?(?:familia|todos|todo mundo|pais|filhos|outros|mae|pai|marido|esposa|as pessoas)`,
  ` (?:melhor|melhores|mais felizes|em paz) sem mim`,
  ` ninguem (?:ia|iria|vai|vai) (?:sentir|notar|perceber) (?:a )?(?:minha falta|se eu)`,
  // No point in living; tired of living.
  ` (?:vejo|ve|tem|ha|existe) (?:mais )?(?:nenhum )?sentido (?:em|de|pra|para|no) (?:continuar |seguir )?viv(?:er|endo)`,
  ` viver (?:ja )?nao (?:faz|tem) (?:mais )?(?:nenhum )?sentido`,
  ` (?:qual|que) (?:e )?o sentido de (?:continuar |seguir )?viv(?:er|endo)`,
  ` (?:pra|para|por) que (?:continuar|seguir) viv(?:er|endo)`,
  ` nao tenho (?:mais )?(?:nenhum |nenhuma )?(?:motivos?|razao|razoes) (?:pra|para|de) viver`,
  ` nada (?:mais )?(?:pelo|por) (?:que|o que) viver`,
  ` cans(?:ei|ad[oa]s?) de (?:viver|estar viv[oa]|existir)${NOT_WHERE_PT}(?! \\w+ndo)`,
  ` (?:quero|queria|so quero) que tudo (?:isso )?(?:acabe|termine)`,
  // Saying goodbye; giving things away; where I'm going; not being here much longer.
  ` (?:essa|esta) e (?:a )?minha despedida`,
  ` carta de despedida`,
  ` (?:me despedir|me despedindo|dizer adeus|dar adeus) (?:de |a )?(?:todos|todo mundo|voces|vcs)`,
  ` adeus (?:a todos|pra sempre|para sempre)`,
  ` (?:dando|doando|dei|doei|distribuindo|distribui) (?:todas )?(?:as )?minhas coisas`,
  ` (?:pra onde|para onde|aonde|onde) (?:eu )?vou (?:eu )?nao (?:vou )?precis\\w*`,
  ` nao (?:vou|irei) (?:estar|ficar) (?:mais )?aqui (?:por muito tempo|amanha|mais)`,
  ` nao (?:vou|irei) (?:estar|ficar) mais aqui`,
  ` nao estarei mais aqui`,
  // A plan or a means.
  ` (?:tomar|tomei|engolir|tomando) (?:todos|todas) (?:os |as )?(?:meus |minhas )?(?:remedios|comprimidos|pilulas)`,
  ` (?:remedios|comprimidos|pilulas) (?:suficientes )?(?:para|pra) (?:acabar|morrer|nao acordar)`,
  ` (?:comprei|juntei|guardei|juntando|guardando) (?:remedios|comprimidos|pilulas|veneno|uma corda)`,
  ` (?:pular|me jogar) (?:da|de uma|do|de um|na frente d\\w*) (?:ponte|predio|janela|viaduto|terraco|sacada|carro|trem|onibus|metro)`,
  ` overdose`,
  ` me enforcar`,
  ` (?:quero|queria|so quero) que (?:acabe|termine) tudo`,
  ` chegou a minha hora(?= $| ja| de (?:ir|partir|morrer|descansar))`,
  ` deixei tudo (?:organizado|arrumado|resolvido) (?:pra|para) (?:quando eu (?:partir|for|nao estiver)|minha familia)`,
  ` coragem (?:de|pra|para) (?:acabar|terminar|por fim) (?:com isso|com tudo|com a minha vida)`,
  ` (?:sumir|desaparecer) e nunca mais (?:aparecer|voltar)`,
  ` melhor (?:eu )?(?:desaparecer|sumir|morrer|nao estar aqui)`,
  ` (?:ir|estar) (?:para |pra )?junto de deus (?:o quanto antes|logo|ja|agora)`,
  ` esquecer de acordar`,
  ` esperando (?:a )?morte|esperando morrer`,
  ` quanto tempo (?:mais )?(?:eu )?(?:vou |consigo )?(?:aguentar|viver|suportar)`,
  ` mensage(?:m|ns) de despedida`,
  ` jogar o carro (?:da|contra|num|de uma|na)`,
  ` sumir e ninguem me (?:procurar|achar|encontrar)`,
  ` (?:atrapalho|sobro|estorvo) (?:nesta|nessa|neste|nesse) (?:vida|mundo)`,
  ` me jogar (?:nos trilhos|na linha do trem|na frente do trem)`,
  ` se eu nao existisse`,
  ` tudo planejado (?:para|pra) (?:ir embora|partir|morrer|acabar)`,
  ` me jogar na frente d\\w* (?:um |uma )?(?:carro|caminhao|onibus|trem|metro)`,
  ` (?:carro|caminhao|onibus|trem) me (?:atropel\\w*|pegasse|acertasse)`,
  ` (?:ir|partir|sair|me ir) (?:embora )?(?:deste|desse|do) mundo`,
  ` nao (?:quero|queria|aguento) (?:mais )?(?:estar|ficar|viver) (?:neste|nesse) mundo`,
  ` (?:ir embora|sumir|partir) (?:pra|para) sempre`,
  ` (?:descansar|dormir|adormecer) (?:pra|para) sempre`,
  ` (?:fechar|fechasse) os olhos e (?:nunca mais |nao )?(?:mais )?(?:abrir|abrisse)`,
  ` (?:nao )?(?:devia|deveria) ter nascido`,
  ` nao mere[cç]o (?:viver|estar viv[oa]|existir)`,
  ` nao (?:me vejo|consigo me ver) (?:viv[oa]|aqui) (?:ano que vem|no ano que vem|daqui a|mais)`,
  ` (?:estiver|estou|esteja) (?:viv[oa]|aqui) ou nao`,
  ` (?:ja me despedi|me despedi de todos|ja disse adeus)`,
  ` (?:nao vou|nao irei) precisar (?:mais )?d(?:as|os) minh[ao]s coisas`,
  ` (?:parasse|acabasse|terminasse|sumisse) (?:de vez|pra sempre|para sempre)`,
  ` (?:cartela|caixa|frasco|vidro) inteir[oa] de (?:remedios|comprimidos|pilulas)`,
  ` escrevi (?:umas |as )?cartas (?:pra|para|a) (?:todos|todo mundo|a minha familia|minha familia|cada um)`,
  ` (?:pensei|pensando|penso|pensado) (?:em|sobre) como (?:eu )?(?:faria|fazer|vou fazer|iria fazer)`,
  ` nao (?:vou|irei) (?:estar|ficar) (?:mais )?(?:por perto|aqui)(?= $)`,
  ` nao (?:quero|queria) (?:mais )?(?:acordar|estar aqui${NOT_WHERE_PT})(?! cedo| tarde| amanha cedo| as)`,
  ` nao (?:aguento|suporto|quero) mais (?:existir|estar vivo|estar viva)`,
  ` (?:a vida|viver|minha vida) (?:ja )?nao vale (?:mais )?(?:a pena|nada)`,
  ` (?:peso|fardo|estorvo) (?:para|pra|na vida de) (?:todos|todo mundo|a minha familia|minha familia|meus pais|meus filhos|os outros)`,
  ` (?:melhor|melhores|mais felizes) se (?:eu )?nao (?:estivesse|existisse|tivesse nascido)`,
  ` ninguem (?:vai|ia|iria) (?:sentir (?:a )?minha falta|se importar se eu|ligar se eu)`,
  ` (?:sumir|desaparecer) e (?:nunca mais|nao) voltar`,
  ` (?:separei|juntei|guardei|comprei) (?:os |uns |umas |as |alguns )?(?:remedios|comprimidos|pilulas)`,
  ` quando eu nao estiver mais aqui`,
  ` (?:peco|pedi|pedindo|oro|orei|rezo|rezei|rezando|orando) (?:a deus |ao senhor |pra deus |para deus )?(?:todas as noites |todo dia |toda noite |sempre )?(?:para|pra) (?:eu )?nao acordar`,
  ` (?:para|pra) (?:eu )?nao acordar (?:mais|nunca)`,
  // ---------- English ----------
  ` kill(?:ing)? myself(?! laughing)`,
  ` end(?:ing)? (?:my life|it all)`,
  ` take my (?:own )?life`,
  `${NOT_NEGATED_EN} (?:want|wanna|wanted) to die${FIGURATIVE_EN}`,
  ` wish i (?:was|were) dead`,
  ` better off dead`,
  ` (?:don't|dont|do not) want to (?:live${NOT_WHERE_EN}|be alive|exist)(?: anymore)?`,
  ` no reason to live`,
  ` nothing (?:left )?to live for`,
  ` self ?harm\\w*`,
  `(?<! accidentally) (?:hurt|hurting|cut|cutting|harm|harming) myself(?! (?:playing|while|by accident|at (?:work|the gym)))`,
  ` (?:sleep|go to sleep) and (?:never|not) wake up`,
  ` (?:hope|wish|pray) (?:that )?i (?:don't|dont|do not|won't|wont|will not|never|wouldn't|wouldnt) wake up`,
  ` never wake up again`,
  ` (?:sleep|go to sleep) forever`,
  ` (?:wish|want) (?:that )?i (?:didn't|didnt|did not|don't|dont) exist`,
  ` (?:stop|stopped) existing`,
  ` (?:never|not) (?:have )?been born`,
  ` (?:disappear|vanish) (?:forever|for good|permanently)`,
  ` (?:i'm|im|i am) (?:just |only |nothing but |such )?a burden(?= $| to (?:everyone|everybody|all|my|them|people|the people))`,
  ` (?:better off|happier|better) without (?:me|their (?:mother|father|mom|dad|mum)|us)`,
  ` (?:better off|happier|better) if i (?:was|were|wasn't|wasnt|weren't) (?:dead|gone|not here|not around|around|here|never born)`,
  ` (?:no one|noone|nobody) (?:would|will|is going to|would even) (?:even )?(?:miss me|notice if i|care if i)`,
  ` (?:no|don't see the|dont see the|do not see the|don't see any|dont see any|there's no|theres no|there is no) point (?:in |of )?(?:living|going on|being alive|carrying on|life|anything)`,
  ` what's the point (?:of|in) (?:living|going on|being alive|carrying on|life|anything)`,
  ` whats the point (?:of|in) (?:living|going on|being alive|carrying on|life|anything)`,
  ` (?:tired|sick) of (?:living|being alive|existing|life)${NOT_WHERE_EN}(?! paycheck)`,
  ` (?:want|wish|need) (?:it all|everything) to (?:end|stop)`,
  ` this is (?:my )?goodbye`,
  ` (?:goodbye|suicide) (?:letter|note)`,
  ` saying goodbye to (?:everyone|everybody|all of you)`,
  ` (?:final|last) goodbye`,
  ` goodbye (?:forever|everyone|world)`,
  ` giv(?:ing|en|e|ven) away (?:all )?(?:of )?my (?:things|stuff|belongings|possessions)`,
  ` giving my (?:things|stuff|belongings|possessions) away`,
  ` where i'?m going i (?:won't|wont|will not|don't|dont) need`,
  ` (?:won't|wont|will not) need (?:it|them|this|that|any of (?:it|this|that|them)) where i'?m going`,
  ` (?:won't|wont|will not) be (?:around|here) (?:much longer|for much longer|anymore|tomorrow|long)`,
  ` (?:don't|dont|do not) want to be (?:here|around) anymore${NOT_WHERE_EN}`,
  ` (?:take|taking|took|swallow|swallowing) all (?:of )?(?:my|the|these|those) (?:pills|meds|medication|tablets)`,
  ` (?:saving|saved|stockpiling|stockpiled|hoarding|collecting) (?:up )?(?:my )?(?:pills|meds|tablets)`,
  ` jump(?:ing)? (?:off|from) (?:the|a) (?:bridge|roof|building|cliff|balcony)`,
  ` overdos\\w*`,
  ` hang myself`,
  ` my time has come(?= $| to (?:go|die|leave))`,
  ` waiting to die`,
  ` forget to wake up`,
  ` how much longer i can (?:keep )?(?:living|go on|take (?:it|this)|hold on)`,
  ` favou?r (?:\\w+ ){0,4}(?:disappearing|dying|leaving for good|if i (?:was|were) gone)`,
  ` (?:wish|want) (?:i could )?(?:just )?stop being(?= $| alive| here)`,
  ` (?:goodbye|farewell) (?:messages|letters|notes|texts)`,
  ` (?:drive|driving|crash|crashing|steer|steering) (?:my car )?(?:off|into) (?:the road|a bridge|a wall|a tree|a cliff|oncoming)`,
  ` (?:not|no longer) (?:scared|afraid) of (?:dying|death) anymore`,
  ` (?:looking forward to|can't wait to|cant wait to) (?:die|dying|death)`,
  ` jump (?:in front of|onto) (?:a|the) (?:train|tracks|subway|truck|bus)`,
  ` if i (?:didn't|did not|didnt) exist`,
  ` (?:all|everything) planned (?:out )?(?:to|for) (?:go|leave|die|end)`,
  ` (?:car|truck|bus|train) (?:would|to|will) hit me`,
  ` (?:leave|leaving|go from|gone from) this world`,
  ` (?:go away|leave|disappear\\w*|vanish\\w*) (?:forever|for good|permanently)`,
  ` (?:fall asleep|sleep|rest|close my eyes) (?:forever|for good|and never open them)`,
  ` (?:shouldn't|shouldnt|should not|should never) have been born`,
  ` (?:don't|dont|do not) deserve to (?:live|be alive|exist)`,
  ` (?:can't|cant|cannot|can not) (?:see|imagine) myself (?:being )?(?:alive|here|around)`,
  ` (?:alive|here) or not`,
  ` (?:said|say|saying) my goodbyes`,
  ` (?:made|make|making) (?:my )?peace with (?:it|dying|death|leaving|going)`,
  ` (?:ready|prepared) to go(?= $| i| now| i've| ive)`,
  ` (?:won't|wont|will not) need my (?:things|stuff|belongings)`,
  ` (?:done|finished) with (?:life|living|being alive|this life)`,
  ` (?:want|going|wanna|plan|planning|need) to end it(?: all)?(?= $| now| tonight| today| soon| for good)`,
  ` (?:pain|hurt|suffering) (?:to )?(?:stop|end) (?:forever|for good|permanently)`,
  ` (?:whole|entire) (?:bottle|box|pack) of (?:pills|meds|tablets|sleeping pills)`,
  ` (?:wrote|written|writing) (?:letters|notes) (?:to|for) (?:everyone|everybody|my family|all of them)`,
  ` (?:thought|thinking|think) about how (?:i would|i'd|id|i could|i'll|to) do it`,
  ` (?:because|since|as) i (?:won't|wont|will not) be (?:around|here)`,
  ` (?:sleep|asleep) and (?:never|not|don't|dont) wake up`,
  ` (?:don't|dont|do not) want to wake up (?:anymore|ever again|again)`,
  ` end(?:ing)? (?:things|everything)(?! (?:with|between|off))`,
  ` (?:life|living) (?:is|isn't|isnt|is not|feels) (?:not )?worth (?:living|it) (?:anymore|any more)`,
  ` (?:life|living) (?:isn't|isnt|is not|no longer feels|is no longer) worth (?:living|it)`,
  ` burden (?:to|on|for) (?:everyone|everybody|my family|them|my (?:kids|parents|wife|husband|children|mom|dad|mother|father))`,
  ` better (?:off )?if i (?:was|were)(?:n't|nt| not) (?:here|around|alive)`,
  ` no point (?:in |of )?(?:me )?(?:being here|existing|being alive|living)`,
  ` (?:say|saying|said|to say) goodbye to (?:everyone|everybody|all of you|the world)`,
  ` disappear and never come back`,
  ` when i'?m (?:gone|no longer here|not here anymore|not around anymore)`,
  // ---------- Spanish ----------
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
  ` (?:dormir|dormirme) y no (?:volver a )?despertar`,
  ` (?:ojala|quisiera|quiero|prefiero|preferiria) no (?:volver a )?(?:despertar|despertarme|despertara)`,
  ` no despertara`,
  ` dormir para siempre`,
  ` (?:quisiera|quiero|ojala|preferiria|prefiero) no (?:existir|haber nacido)`,
  ` no hubiera nacido`,
  ` dejar de existir`,
  ` desaparecer (?:para siempre|de este mundo|del mundo)`,
  ` (?:preferiria|prefiero|quisiera|quiero) estar muert[oa]`,
  ` ojala (?:me muriera|me muera|estuviera muert[oa])`,
  ` (?:dios|senor),? (?:llevame|llevate)`,
  ` soy (?:solo )?(?:una |un )?(?:carga|estorbo|peso) (?:para|pa) (?:todos|todo el mundo|mi familia|los demas|mis padres|mis hijos|mi madre|mi padre)`,
  ` (?:mejor|mejores|mas felices) sin mi`,
  ` nadie me (?:echaria|echara|va a echar|extranaria|extranara) (?:de menos)?`,
  ` nadie (?:notaria|se daria cuenta) (?:si|de que) (?:me fuera|desapareciera|muriera|no estuviera)`,
  ` (?:no le )?veo (?:ningun )?sentido a (?:seguir )?(?:vivir|viviendo|la vida|mi vida|nada)`,
  ` no tiene sentido (?:seguir )?(?:vivir|viviendo)`,
  ` (?:para|pa) que seguir (?:vivir|viviendo)`,
  ` no tengo (?:ninguna |ningun |mas )?(?:razon|razones|motivo|motivos) (?:para|pa) vivir`,
  ` nada por (?:lo )?que vivir`,
  ` (?:cansad[oa]s?|hart[oa]s?) de (?:vivir|estar viv[oa]|existir)${NOT_WHERE_ES}`,
  ` (?:quiero|quisiera|solo quiero) que todo (?:esto )?(?:termine|acabe|se acabe|se termine)`,
  ` (?:esta|esto) es (?:mi )?(?:despedida|un adios)`,
  ` carta de despedida`,
  ` (?:despedirme|despidiendo|me despido) de todos`,
  ` adios (?:a todos|para siempre)`,
  ` (?:regalando|regale|repartiendo|reparti|dando|di) (?:todas )?mis cosas`,
  ` (?:a ?donde|adonde) voy no (?:voy a necesitar|necesitare|necesito)`,
  ` ya no (?:estare|voy a estar) (?:aqui|por aqui)`,
  ` no (?:estare|voy a estar) (?:aqui )?(?:mucho tiempo|mucho mas)`,
  ` (?:tomarme|tomar|tome|tomando) todas (?:las|mis) (?:pastillas|pastis|medicinas)`,
  ` (?:juntado|guardado|juntando|guardando|comprado) (?:las )?pastillas`,
  ` (?:tirarme|lanzarme|aventarme|arrojarme) (?:del|de un|de una|desde|por) (?:puente|edificio|balcon|ventana|azotea|la ventana|el balcon)`,
  ` sobredosis`,
  ` ahorcarme`,
  ` ha llegado mi (?:hora|momento)(?= $| de (?:irme|partir|morir|descansar))`,
  ` mejor (?:yo )?(?:desaparezca|desaparecer|me muera|me vaya para siempre)`,
  ` olvidar(?:me)? de despertar`,
  ` esperando (?:a )?(?:la muerte|morir(?:me)?)`,
  ` mensajes de despedida`,
  ` (?:estrellar|tirar|despenar) el coche`,
  ` desaparecer y que nadie me (?:buscara|busque|encuentre|encontrara)`,
  ` (?:no|ya no) (?:encuentro|tengo|veo) (?:\\w+ )?(?:motivos?|razon|razones) para (?:levantarme|despertarme|seguir)`,
  ` (?:estorbo|sobro) en (?:esta vida|este mundo)`,
  ` (?:tirarme|lanzarme|arrojarme) (?:a|al|en) (?:las vias|la via|el tren|el metro)`,
  ` (?:que|si) yo no existiera`,
  ` todo planeado para (?:irme|partir|morir|acabar)`,
  ` (?:coche|carro|camion|tren|autobus) me (?:atropell\\w*|pille|pillara)`,
  ` (?:ir|irme|marcharme|salir|partir) (?:de|d)? ?(?:este|del) mundo`,
  ` (?:irme|marcharme|desaparecer|dormir|descansar) para siempre`,
  ` (?:cerrar|cerrara) los ojos y no (?:volver a )?(?:abrirlos|abrir)`,
  ` (?:no )?(?:deberia|debi|debia) (?:haber )?nacer|nacido`,
  ` no (?:merezco|mereceria) (?:vivir|estar viv[oa]|existir)`,
  ` no me veo (?:viv[oa]|aqui) (?:el ano que viene|dentro de|mucho)`,
  ` (?:este|estoy|estar) (?:viv[oa]|aqui) o no`,
  ` (?:ya me despedi|me despedi de todos)`,
  ` (?:list[oa]|preparad[oa]) para (?:irme|partir|morir)(?= $| ya| y)`,
  ` no (?:voy a necesitar|necesitare) mis cosas`,
  ` (?:el dolor|el sufrimiento|esto) (?:pare|parara|acabe|acabara|termine|terminara) (?:para siempre|de una vez)`,
  ` (?:caja|frasco|bote|blister) (?:entero|entera|completo|completa) de (?:pastillas|medicinas)`,
  ` (?:escribi|he escrito|escribiendo) (?:unas )?cartas (?:para|a) (?:todos|mi familia|cada uno)`,
  ` (?:pensado|pienso|pensando) (?:en )?como (?:lo )?(?:haria|hacerlo|voy a hacer)`,
  ` no quiero (?:volver a )?despertar(?:me)? (?:nunca|mas|jamas)`,
  ` no quiero (?:seguir )?estar (?:aqui|viv[oa])${NOT_WHERE_ES}`,
  ` (?:la vida|vivir|mi vida) (?:ya )?no (?:vale|merece) (?:la pena|nada)`,
  ` (?:carga|estorbo) (?:para|pa) (?:todos|todo el mundo|mi familia|los demas|mis padres|mis hijos)`,
  ` (?:mejor|mejores|mas felices) si (?:yo )?no (?:estuviera|existiera|hubiera nacido)`,
  ` nadie me (?:va a )?(?:extranar|echar de menos)`,
  ` desaparecer y no volver`,
  ` cuando (?:yo )?ya no este`,
];

const CRISIS_PATTERN = new RegExp(`(?:${CRISIS_SOURCES.join('|')})(?=\\s)`);

// ---------- Despair said softly: a word for living, and a turn against it nearby ----------

/**
 * Words for living, being alive or here, and waking up, in the three languages. Soft despair
 * rarely uses the same words twice ("sem forças pra continuar vivendo", "me gustaría no
 * despertar", "some days I wish I would just not wake up"), so besides the phrases above, a
 * message is read for one of these with, a few words before it, a turn against it: a negation
 * with a wish ("queria não…", "sería mejor no…", "I wish I would not…"), or no point, no
 * strength, no will, tiredness or giving up.
 */
const LIVING = new Set(
  (
    'viver vivendo existir existindo acordar acordasse despertar despertarme despertara despertase ' +
    'live living alive exist existing wake waking vivir viviendo vivo viva'
  ).split(' '),
);
/** Phrases that stand for living: "estar aqui", "be here", "la vida"… (the last word is looked at). */
const LIVING_PHRASES: Array<[string, string]> = [
  ['estar', 'aqui'],
  ['be', 'here'],
  ['being', 'here'],
  ['be', 'around'],
  ['no', 'estar'],
  ['nao', 'estar'],
  ['da', 'vida'],
  ['a', 'vida'],
  ['na', 'vida'],
  ['la', 'vida'],
  ['of', 'life'],
  ['on', 'life'],
  ['my', 'life'],
];
const NEGATION = new Set(
  "nao no not never nunca jamais jamas don't dont won't wont didn't didnt sem sin without nem ni".split(' '),
);
const WISH = new Set(
  (
    'queria quero gostaria preferia prefiro seria melhor facil wish want hope rather easier better would pray ' +
    'quisiera quiero gustaria mejor prefiero preferiria ojala peco rezo oro pedindo rezando'
  ).split(' '),
);
/** Words that turn against living by themselves: no point, no strength, no will, tired, giving up. */
const AGAINST = new Set(
  (
    'forcas forca strength ganas vontade will ' +
    'cansado cansada cansei tired sick harto harta desistir desisti desisto give giving quit out ' +
    'aguento aguanto aguentar aguantar suporto stand acabar terminar end'
  ).split(' '),
);
/**
 * After the word for living, these make it about where, with whom, when or how one lives ("viver
 * com ele", "wake up early", "living paycheck to paycheck", "acordar o bebê"), not whether.
 */
const NOT_WHETHER = new Set(
  (
    'com em na no nessa nesse nesta neste naquela perto longe junto juntos sozinho sozinha cedo tarde ' +
    'o os as ninguem with in at near together alone early late up the my your paycheck on off ' +
    'con en cerca lejos juntos solo sola temprano el los las nadie a al mi'
  ).split(' '),
);
/** No point, no reason: against living only with a negation ("qual o sentido da vida?" is a question). */
const MEANING = new Set('sentido point worth vale razao razon motivo motivos reason reasons razones'.split(' '));
const WINDOW = 6;

function softDespair(normalized: string): boolean {
  const words = normalized.trim().split(' ');
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const phrase = LIVING_PHRASES.some(([a, b]) => b === w && words[i - 1] === a);
    if (!LIVING.has(w) && !phrase) continue;
    const next = words[i + 1];
    // "wake up" is one word for this; what follows it decides.
    const after = (w === 'wake' || w === 'waking') && next === 'up' ? words[i + 2] : next;
    if (after !== undefined && (NOT_WHETHER.has(after) || /ndo$|ing$/.test(after))) continue;
    const before = words.slice(Math.max(0, i - (phrase ? WINDOW + 1 : WINDOW)), phrase ? i - 1 : i);
    const negated = before.some((b) => NEGATION.has(b) || b.endsWith("n't")) || (phrase && NEGATION.has(words[i - 1]!));
    const wished = before.some((b) => WISH.has(b));
    const against = before.some((b) => AGAINST.has(b));
    const pointless = negated && before.some((b) => MEANING.has(b));
    if ((negated && wished) || against || pointless) return true;
  }
  return false;
}

/** Words for dying and death, first person or not. */
const DYING = new Set(
  (
    'morrer morresse morra morro morto morta morte die dying dead death morir morirme muera muero muriera muriese ' +
    'muerto muerta muerte'
  ).split(' '),
);
/** Before a word for dying: a wish, a condition on oneself, or a search for means. */
const TOWARDS_DYING = [
  /(?:^| )(?:se eu|if i|si yo|si me|ways to|way to|how to|formas de|maneras de|jeitos de|modos de|como) $/,
  /(?:^| )(?:queria|quero|quisera|wish|want|wanna|quiero|quisiera|ojala|deseo|prefiro|prefiero|rather|better|melhor|mejor|seria|sería|estaria|estaria|would) (?:\S+ ){0,3}$/,
];
/** After a word for dying: a figure of speech ("de rir", "of laughter", "de ganas") or what is feared. */
const FIGURE_AFTER = /^(?:de|of|da|do|to|for|por|pra|para|laughing|tired|serious|inside|wrong|end|battery)\b/;
/** Fear or plain negation before it ("medo de morrer", "don't want to die") does not count. */
const FEAR_BEFORE =
  /(?:^| )(?:medo|afraid|scared|fear|miedo|nao|no|not|don't|dont|never|nunca|sem|without|sin) (?:\S+ ){0,2}$/;

function deathWish(words: string[]): boolean {
  for (let i = 0; i < words.length; i++) {
    if (!DYING.has(words[i]!)) continue;
    const before = `${words.slice(Math.max(0, i - 5), i).join(' ')} `;
    const after = words.slice(i + 1, i + 3).join(' ');
    if (FIGURE_AFTER.test(after) || FEAR_BEFORE.test(before)) continue;
    if (TOWARDS_DYING.some((re) => re.test(before))) return true;
  }
  return false;
}

/** Going on: "não quero continuar", "ya no quiero seguir", "I don't want to go on". */
const GO_ON = /(?:^| )(?:continuar|seguir|go on|keep going|carry on|aguentar|aguantar)(?= |$)/g;
/** What may follow going on for it to be about life, not a job or a course ("seguir con este trabajo"). */
const GO_ON_END =
  /^(?:$|mais|more|anymore|any more|assim|asi|like this|like that|vivo|viva|alive|vivendo|viviendo|living|ya|so|e |y |and |but |pero |mas |com isso$|con esto$|with this$)/;

function noGoingOn(normalized: string): boolean {
  const text = normalized.trim();
  for (const m of text.matchAll(GO_ON)) {
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    const after = text.slice(m.index + m[0].length).trim();
    const negated =
      /(?:^| )(?:nao|no|not|can't|cant|cannot|don't|dont|won't|wont|sem|sin|ya no|vale la pena|vale a pena|point|worth)(?: \S+){0,4}$/.test(
        before.trim(),
      );
    if (negated && GO_ON_END.test(after)) return true;
  }
  return false;
}

/**
 * Signs of a risk of self-harm or suicide, in Portuguese, English or Spanish, said openly or
 * softly (not waking up, not existing, being a burden, no point in living, goodbyes, giving
 * things away, a plan or a means). Case and accents do not matter; figures of speech ("morrer
 * de rir", "dying to see", "me mata de risa", "this exam is killing me"), plain negations ("não
 * quero morrer") and where or with whom one lives ("no quiero vivir con mis padres") do not count.
 */
export function detectCrisis(text: string, opts: { afterCrisis?: boolean } = {}): boolean {
  const normalized = normalize(text);
  const words = normalized.trim().split(' ');
  if (CRISIS_PATTERN.test(normalized) || softDespair(normalized) || deathWish(words) || noGoingOn(normalized))
    return true;
  // Right after a message with signs of crisis, a means at hand or words near despair say the same.
  return !!opts.afterCrisis && (MEANS_PATTERN.test(normalized) || detectConcern(text));
}

/** Means of self-harm, said right after a crisis ("tenho os remédios aqui", "I have the pills right here"). */
// prettier-ignore
const MEANS_PATTERN = new RegExp(
  ' (?:' +
    [
      'remedios?', 'comprimidos?', 'pilulas?', 'veneno', 'corda', 'arma', 'revolver', 'faca', 'lamina', 'ponte', 'predio', 'janela', 'trilhos?',
      'pills?', 'tablets?', 'poison', 'rope', 'gun', 'pistol', 'knife', 'blade', 'razor', 'bridge', 'rooftop', 'roof', 'ledge', 'tracks',
      'pastillas?', 'cuerda', 'pistola', 'cuchillo', 'cuchilla', 'puente', 'azotea', 'edificio', 'vias',
      'carta de despedida', 'goodbye letter', 'note', 'bilhete', 'nota', 'o plano', 'the plan', 'el plan',
    ].join('|') +
    ')(?= )',
);

// ---------- Concern: not a crisis, but words near it ----------

/**
 * Words that may, or may not, be despair: "não aguento mais", "no way out", "sin esperanza",
 * "lo voy a hacer", a wish to disappear, death spoken of in the first person. Not enough for the
 * crisis answer (they are everyday words too), but enough for the answer to end with a gentle
 * word about the helpline: a cheap mistake when wrong, and a door left open when right.
 */
// prettier-ignore
const CONCERN_SOURCES: string[] = [
  // Portuguese
  ' nao aguento mais', ' nao suporto mais', ' sem saida', ' sem esperanca', ' desesperanc\\w*', ' desist\\w* de tudo',
  ' (?:sumir|desaparecer)(?! (?:das|dos|da|do) )', ' (?:vou|irei) fazer isso', ' vazi[oa] por dentro', ' nada (?:mais )?importa',
  ' nao vale (?:mais )?a pena', ' cansad[oa] de tudo', ' (?:minha|a) vida (?:e|esta) um inferno', ' quero que (?:tudo )?(?:acabe|pare)',
  // English
  " can'?t (?:take|do) (?:it|this) anymore", ' no way out', ' hopeless', ' give up on (?:everything|it all)', ' disappear(?! from)',
  " (?:i'?m|i am) going to do it", ' empty inside', ' nothing matters', ' not worth it', ' tired of everything', ' want it (?:all )?to (?:end|stop)',
  // Spanish
  ' no (?:aguanto|puedo) mas', ' sin salida', ' sin esperanza', ' desesperanz\\w*', ' rendirme', ' me rindo',
  ' desaparecer(?! (?:de las|del|de la|de los) )', ' lo voy a hacer', ' vaci[oa] por dentro', ' nada importa', ' no vale la pena',
  ' cansad[oa] de todo', ' quiero que (?:todo )?(?:acabe|termine|pare)',
];
const CONCERN_PATTERN = new RegExp(`(?:${CONCERN_SOURCES.join('|')})(?=\\s)`);

/** Words near despair that are not a crisis by themselves (see CONCERN_SOURCES), or death in the first person. */
export function detectConcern(text: string): boolean {
  const normalized = normalize(text);
  if (CONCERN_PATTERN.test(normalized)) return true;
  const words = normalized.trim().split(' ');
  return words.some((w, i) => {
    if (!DYING.has(w)) return false;
    const after = words.slice(i + 1, i + 3).join(' ');
    const before = words.slice(Math.max(0, i - 3), i);
    if (FIGURE_AFTER.test(after) || FEAR_BEFORE.test(`${words.slice(Math.max(0, i - 5), i).join(' ')} `)) return false;
    return before.some((b) => /^(?:eu|i|yo|me|i'm|im|myself|mim|mi)$/.test(b));
  });
}

// ---------- Thanks ----------

const THANKS = new RegExp(
  ` (?:obrigad[oa]s?|brigad[oa]|valeu|agradeco|grat[oa]|gratidao|thank you|thanks|thank u|thx|ty|gracias|mil gracias|te lo agradezco)(?= )`,
);
/** A thank-you is short: longer messages say something else too. */
const THANKS_MAX_WORDS = 9;

/**
 * A message that thanks the guide and asks for nothing ("Obrigada, isso me ajudou muito",
 * "thanks so much!", "¡Mil gracias!"): no question, few words, a word of thanks. Themes are
 * checked by the caller ("obrigado, mas continuo ansioso" has one, and is answered as such).
 */
export function detectThanks(text: string): boolean {
  if (text.includes('?')) return false;
  const normalized = normalize(text);
  const words = normalized.trim().split(' ').filter(Boolean);
  return words.length > 0 && words.length <= THANKS_MAX_WORDS && THANKS.test(normalized);
}
