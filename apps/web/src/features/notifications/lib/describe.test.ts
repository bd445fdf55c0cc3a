import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe as group, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, type NotificationDto } from '@candeia/shared/schemas/notifications';
import enUS from '../../../../../../packages/shared/src/i18n/en-US/notifications.json';
import esES from '../../../../../../packages/shared/src/i18n/es-ES/notifications.json';
import ptBR from '../../../../../../packages/shared/src/i18n/pt-BR/notifications.json';
import { describe } from './describe.ts';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({
    lng: 'pt-BR',
    fallbackLng: false,
    ns: ['notifications'],
    defaultNS: 'notifications',
    resources: {
      'pt-BR': { notifications: ptBR },
      'en-US': { notifications: enUS },
      'es-ES': { notifications: esES },
    },
    interpolation: { escapeValue: false },
  });
});

const note = (type: NotificationDto['type'], data: NotificationDto['data'] = {}, actor = true): NotificationDto => ({
  id: 'n1',
  type,
  actor: actor ? { name: 'Bruno Lima', handle: 'bruno.lima' } : null,
  data,
  createdAt: '2027-01-01T12:00:00.000Z',
  readAt: null,
});

const t = (lng: string) => i18n.getFixedT(lng, 'notifications') as TFunction<'notifications'>;

group('what a notification says and where it leads', () => {
  it('names who did it and leads to their page or the post', () => {
    expect(describe(note('follow'), t('pt-BR'), 'pt-BR')).toEqual({
      text: 'Bruno Lima começou a seguir você.',
      href: '/u/bruno.lima',
    });
    expect(describe(note('comment', { postId: 'p1' }), t('en-US'), 'en-US')).toEqual({
      text: 'Bruno Lima commented on your post.',
      href: '/community/post/p1',
    });
    expect(describe(note('prayer', { postId: 'p1' }), t('es-ES'), 'es-ES').text).toBe('Bruno Lima ha rezado por ti.');
  });

  it('a message: who wrote, and their conversation', () => {
    expect(describe(note('message', { conversationId: 'c9' }), t('pt-BR'), 'pt-BR')).toEqual({
      text: 'Bruno Lima enviou uma mensagem para você.',
      href: '/messages/c9',
    });
    expect(describe(note('message', { conversationId: 'c9' }), t('es-ES'), 'es-ES').text).toBe(
      'Bruno Lima te envió un mensaje.',
    );
  });

  it('a consultation: the side, the event and the time; an hour before, the room', () => {
    const data = {
      consultationId: 'c1',
      event: 'reminder-1h',
      startsAt: '2027-01-08T12:00:00.000Z',
      role: 'member',
      other: 'Lúcia',
    };
    const d = describe(note('consultation', data, false), t('pt-BR'), 'pt-BR');
    expect(d.href).toBe('/consultation/room/c1');
    expect(d.text).toMatch(/^Sua consulta com Lúcia começa em 1 hora \(.+\)\. Toque para entrar na sala\.$/);
    const counsellor = describe(
      note('consultation', { ...data, event: 'booked', role: 'counsellor' }, false),
      t('en-US'),
      'en-US',
    );
    expect(counsellor.href).toBe('/consultation/counsellor');
    expect(counsellor.text).toMatch(/^New consultation with Lúcia: /);
  });

  it('credits: zero, one and many; numbers in the reader’s way', () => {
    expect(describe(note('credits_low', { balance: 0 }, false), t('pt-BR'), 'pt-BR').text).toBe(
      'Seus créditos acabaram. Escolha um plano ou aguarde a renovação.',
    );
    expect(describe(note('credits_low', { balance: 1 }, false), t('en-US'), 'en-US').text).toBe(
      "You're running low on credits: 1 left.",
    );
    expect(describe(note('referral_reward', { credits: 5000 }, false), t('pt-BR'), 'pt-BR').text).toContain('5.000');
    expect(describe(note('referral_reward', { credits: 5000 }, false), t('en-US'), 'en-US').text).toContain('5,000');
  });

  it('every type has words in every language, never its key', () => {
    const data = {
      postId: 'p',
      target: 'post',
      outcome: 'hide',
      consultationId: 'c',
      event: 'booked',
      startsAt: '2027-01-08T12:00:00.000Z',
      role: 'member',
      other: 'X',
      endsAt: '2027-01-08T12:00:00.000Z',
      balance: 3,
      credits: 10,
    };
    for (const lng of ['pt-BR', 'en-US', 'es-ES'])
      for (const type of NOTIFICATION_TYPES) {
        const { text } = describe(note(type, data), t(lng), lng);
        expect(text, `${lng} ${type}`).not.toMatch(/^(type|consultation|moderation)\.|notifications:/);
        expect(text.length, `${lng} ${type}`).toBeGreaterThan(10);
      }
  });
});
