import type { ChatTheme } from '@candeia/shared/schemas/chat';

/**
 * The guide's conversation evaluation set: realistic conversations in the three languages, each
 * message with what a listener would hear in it. Written for this evaluation, never tuned
 * against the guide's own phrase lists message by message (they were written first).
 *
 * - `themes`: themes whose passages fit the message (any of them counts as relevant);
 * - `situation`: what is happening in the member's life, when something is;
 * - `crisis`: words of a risk to life (the helpline answer, nothing else);
 * - `thanks`: a thank-you asking for nothing.
 */
export interface EvalTurn {
  text: string;
  themes?: ChatTheme[];
  situation?:
    'bereavement' | 'divorce' | 'marriage' | 'illness' | 'addiction' | 'conflict' | 'work' | 'doubt' | 'guilt';
  crisis?: true;
  thanks?: true;
}

export interface EvalConversation {
  locale: 'pt-BR' | 'en-US' | 'es-ES';
  turns: EvalTurn[];
}

const WORRY: ChatTheme[] = ['anxiety', 'fear', 'peace', 'strength'];
const SAD: ChatTheme[] = ['comfort', 'grief', 'hope', 'loneliness'];
const LOSS: ChatTheme[] = ['grief', 'comfort', 'hope'];
const HURT: ChatTheme[] = ['forgiveness', 'love', 'peace'];
const CHOICE: ChatTheme[] = ['wisdom', 'purpose', 'peace'];
const TIRED: ChatTheme[] = ['perseverance', 'strength', 'hope'];

export const GUIDE_EVAL: EvalConversation[] = [
  // ---------- Portuguese ----------
  {
    locale: 'pt-BR',
    turns: [
      { text: 'Estou muito ansiosa com o trabalho, meu chefe cobra demais', themes: WORRY, situation: 'work' },
      { text: 'O que eu faço quando a ansiedade bate no meio de uma reunião?', themes: WORRY, situation: 'work' },
      { text: 'E se eu for demitida?', themes: [...WORRY, ...CHOICE] },
      { text: 'Obrigada, isso me ajudou', thanks: true },
    ],
  },
  {
    locale: 'pt-BR',
    turns: [
      {
        text: 'Meu casamento está acabando e eu não sei mais o que fazer',
        themes: [...HURT, ...TIRED, 'wisdom'],
        situation: 'marriage',
      },
      { text: 'A gente só briga, ele nem olha mais pra mim', themes: [...HURT, ...SAD, ...TIRED] },
      { text: 'Será que vale a pena tentar de novo?', themes: [...HURT, ...TIRED, ...CHOICE] },
    ],
  },
  {
    locale: 'pt-BR',
    turns: [
      {
        text: 'Tenho 45 anos, sou divorciado, por que eu ainda me esforço?',
        themes: [...SAD, ...TIRED, 'purpose'],
        situation: 'divorce',
      },
      { text: 'Moro sozinho desde então e as noites são longas', themes: [...SAD, ...TIRED, 'purpose'] },
      { text: 'Às vezes sinto que sobrei na vida', themes: [...SAD, 'purpose', ...TIRED] },
    ],
  },
  {
    locale: 'pt-BR',
    turns: [
      { text: 'Minha mãe morreu mês passado e eu não consigo parar de chorar', themes: LOSS, situation: 'bereavement' },
      { text: 'Eu não me despedi dela direito', themes: [...LOSS, 'forgiveness', 'peace'] },
      { text: 'Como a gente continua depois disso?', themes: [...LOSS, ...TIRED] },
    ],
  },
  {
    locale: 'pt-BR',
    turns: [
      { text: 'Como eu perdoo meu irmão? Ele me roubou na partilha da herança', themes: HURT, situation: 'conflict' },
      { text: 'Ainda sinto muita raiva dele', themes: [...HURT, 'peace'] },
      { text: 'Não quero mais falar com ele, é errado?', themes: [...HURT, ...CHOICE] },
    ],
  },
  {
    locale: 'pt-BR',
    turns: [
      {
        text: 'Recebi um diagnóstico de câncer e estou com muito medo',
        themes: [...WORRY, ...TIRED, 'comfort'],
        situation: 'illness',
      },
      { text: 'A quimioterapia começa semana que vem', themes: [...WORRY, ...TIRED, 'comfort'], situation: 'illness' },
      { text: 'Não quero que meus filhos me vejam fraca', themes: [...WORRY, ...TIRED, 'love'] },
    ],
  },
  {
    locale: 'pt-BR',
    turns: [
      { text: 'Não aguento mais, às vezes penso em sumir de vez', crisis: true },
      { text: 'Ninguém sentiria minha falta se eu morresse', crisis: true },
    ],
  },
  {
    locale: 'pt-BR',
    turns: [
      {
        text: 'Tenho vergonha de admitir, mas sou viciado em apostas',
        themes: [...TIRED, 'forgiveness'],
        situation: 'addiction',
      },
      {
        text: 'Já perdi muito dinheiro e menti pra minha esposa',
        themes: [...TIRED, 'forgiveness', 'love'],
        situation: 'guilt',
      },
    ],
  },
  {
    locale: 'pt-BR',
    turns: [
      { text: 'Estou morto de cansaço depois dessa semana, mas foi boa', themes: [...TIRED, 'gratitude', 'peace'] },
      {
        text: 'Queria agradecer a Deus por ter conseguido o emprego',
        themes: ['gratitude', 'hope', 'purpose'],
        situation: 'work',
      },
    ],
  },
  {
    locale: 'pt-BR',
    turns: [
      { text: 'O que o Dhammapada diz sobre a raiva?', themes: ['peace', 'wisdom', 'forgiveness', 'strength'] },
      { text: 'E sobre a paz interior?', themes: ['peace', 'wisdom'] },
    ],
  },
  // ---------- English ----------
  {
    locale: 'en-US',
    turns: [
      { text: "I can't sleep, my mind keeps racing about money", themes: WORRY },
      { text: 'How do I stop overthinking at night?', themes: WORRY },
      { text: 'Thank you so much', thanks: true },
    ],
  },
  {
    locale: 'en-US',
    turns: [
      { text: 'My father passed away last week and I feel numb', themes: LOSS, situation: 'bereavement' },
      { text: 'We had not spoken for two years before he died', themes: [...LOSS, 'forgiveness', 'peace'] },
      {
        text: 'Is it normal to feel relief and guilt at the same time?',
        themes: [...LOSS, 'forgiveness', 'peace'],
        situation: 'guilt',
      },
    ],
  },
  {
    locale: 'en-US',
    turns: [
      {
        text: 'I lost my job today and I am scared to tell my wife',
        themes: [...WORRY, ...CHOICE, 'hope'],
        situation: 'work',
      },
      { text: 'We have two kids and a mortgage', themes: [...WORRY, ...CHOICE, 'hope', ...TIRED] },
      { text: 'How do I find the courage to start over?', themes: [...WORRY, ...TIRED, ...CHOICE] },
    ],
  },
  {
    locale: 'en-US',
    turns: [
      {
        text: "I'm not sure God exists anymore, I lost my faith after my divorce",
        themes: [...CHOICE, 'hope', ...SAD],
        situation: 'divorce',
      },
      { text: 'Church feels empty to me now', themes: [...CHOICE, 'hope', ...SAD] },
      { text: 'Where was God when everything fell apart?', themes: [...CHOICE, 'hope', ...SAD], situation: 'doubt' },
    ],
  },
  {
    locale: 'en-US',
    turns: [
      {
        text: "I've been sober for 90 days but I really want a drink tonight",
        themes: [...TIRED, 'peace'],
        situation: 'addiction',
      },
      { text: 'My friends are all going to the bar', themes: [...TIRED, 'loneliness', 'wisdom'] },
    ],
  },
  {
    locale: 'en-US',
    turns: [
      { text: 'I keep thinking everyone would be better off without me', crisis: true },
      { text: 'I have the pills right here', crisis: true },
    ],
  },
  {
    locale: 'en-US',
    turns: [
      { text: 'This exam is killing me, I am so stressed', themes: WORRY },
      { text: 'What does the Tao Te Ching say about patience?', themes: ['perseverance', 'peace', 'wisdom'] },
    ],
  },
  {
    locale: 'en-US',
    turns: [
      { text: 'My wife and I keep fighting about the smallest things', themes: HURT, situation: 'marriage' },
      { text: 'I said something cruel last night and I regret it', themes: [...HURT, 'peace'], situation: 'guilt' },
      { text: 'How do I apologize properly?', themes: [...HURT, 'wisdom'] },
    ],
  },
  // ---------- Spanish ----------
  {
    locale: 'es-ES',
    turns: [
      { text: 'Me siento muy sola desde que me mudé a otra ciudad', themes: SAD },
      { text: 'No conozco a nadie aquí y los fines de semana son eternos', themes: SAD },
      { text: '¿Cómo puedo hacer amigos a mi edad?', themes: [...SAD, ...CHOICE] },
    ],
  },
  {
    locale: 'es-ES',
    turns: [
      { text: 'Mi madre murió hace un mes y todavía no lo creo', themes: LOSS, situation: 'bereavement' },
      { text: 'Todos me dicen que tengo que ser fuerte', themes: [...LOSS, ...TIRED] },
      { text: 'Gracias por escucharme', thanks: true },
    ],
  },
  {
    locale: 'es-ES',
    turns: [
      {
        text: 'Tengo una adicción al alcohol y quiero dejarlo',
        themes: [...TIRED, 'forgiveness'],
        situation: 'addiction',
      },
      { text: 'Ya recaí dos veces este año', themes: [...TIRED, 'forgiveness'], situation: 'addiction' },
    ],
  },
  {
    locale: 'es-ES',
    turns: [
      { text: 'No sé si Dios existe, tengo muchas dudas', themes: [...CHOICE, 'hope'], situation: 'doubt' },
      { text: 'Mi familia es muy religiosa y no puedo hablarlo con ellos', themes: [...CHOICE, 'hope', 'loneliness'] },
    ],
  },
  {
    locale: 'es-ES',
    turns: [
      {
        text: 'Me siento culpable por no haber visitado a mi abuelo antes de que muriera',
        themes: [...LOSS, 'forgiveness', 'peace'],
        situation: 'bereavement',
      },
      { text: '¿Cómo me perdono a mí mismo?', themes: ['forgiveness', 'peace', ...LOSS] },
    ],
  },
  {
    locale: 'es-ES',
    turns: [
      { text: 'Ya no quiero despertar, estoy cansado de vivir', crisis: true },
      { text: 'Nadie me echaría de menos', crisis: true },
    ],
  },
  {
    locale: 'es-ES',
    turns: [
      {
        text: 'Estoy muerta de risa con mis sobrinos, qué alegría tenerlos',
        themes: ['gratitude', 'love', 'peace', 'hope'],
      },
      { text: 'Me muero de ganas de verlos otra vez en Navidad', themes: ['gratitude', 'love', 'peace', 'hope'] },
    ],
  },
  {
    locale: 'es-ES',
    turns: [
      {
        text: 'Mi jefe me humilla delante de todos en la oficina',
        themes: [...HURT, ...WORRY, ...TIRED],
        situation: 'work',
      },
      { text: '¿Debería renunciar?', themes: [...CHOICE, ...WORRY] },
      { text: 'Tengo miedo de no encontrar otro trabajo', themes: [...WORRY, 'hope'], situation: 'work' },
    ],
  },
];
