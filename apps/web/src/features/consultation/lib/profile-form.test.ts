import { describe, expect, it } from 'vitest';
import type { CounsellorSelfDto } from '@candeia/shared/schemas/consultation';
import { checkProfile, formToProfileInput, profileFieldOf, profileToForm } from './profile-form.ts';

const saved: CounsellorSelfDto = {
  id: '0b6f3c1e-0000-4000-8000-000000000001',
  displayName: 'Irmã Clara',
  photoUrl: null,
  bio: 'Acompanho famílias em luto.',
  languages: ['pt-BR', 'es-ES'],
  specialties: ['grief', 'Vida monástica'],
  sessionMinutes: 60,
  priceCredits: 2500,
  timeZone: 'America/Sao_Paulo',
  cancelCutoffHours: 48,
  accepting: false,
  rating: 4.5,
  ratingCount: 2,
  completedSessions: 3,
  nextSlot: null,
  bufferMinutes: 15,
  minNoticeMinutes: 90,
  horizonDays: 30,
  listed: true,
};

describe('the counsellor profile form', () => {
  it('starts a new profile from the defaults, in the browser zone', () => {
    const form = profileToForm(null, { timeZone: 'Europe/Madrid', displayName: 'Clara Teste', language: 'es-ES' });
    expect(form).toMatchObject({
      displayName: 'Clara Teste',
      languages: ['es-ES'],
      sessionMinutes: '50',
      priceCredits: '3000',
      timeZone: 'Europe/Madrid',
      minNoticeHours: '12',
      horizonDays: '60',
      cancelCutoffHours: '24',
      accepting: true,
    });
  });

  it('takes the browser zone and the member language for a profile never filled in', () => {
    const made = {
      ...saved,
      displayName: 'Clara Teste',
      languages: [],
      specialties: [],
      timeZone: 'America/Sao_Paulo',
    };
    expect(profileToForm(made, { timeZone: 'Europe/Lisbon', language: 'pt-BR' })).toMatchObject({
      displayName: 'Clara Teste',
      languages: ['pt-BR'],
      timeZone: 'Europe/Lisbon',
    });
  });

  it('maps a saved profile to the form and back without change (the notice in hours)', () => {
    const form = profileToForm(saved, { timeZone: 'UTC' });
    expect(form.minNoticeHours).toBe('1.5');
    const input = formToProfileInput(form);
    expect(input).toEqual({
      displayName: 'Irmã Clara',
      bio: 'Acompanho famílias em luto.',
      languages: ['pt-BR', 'es-ES'],
      specialties: ['grief', 'Vida monástica'],
      sessionMinutes: 60,
      priceCredits: 2500,
      timeZone: 'America/Sao_Paulo',
      bufferMinutes: 15,
      minNoticeMinutes: 90,
      horizonDays: 30,
      cancelCutoffHours: 48,
      accepting: false,
    });
    expect(checkProfile(form).ok).toBe(true);
  });

  it('reads a decimal comma in the hours', () => {
    const form = { ...profileToForm(saved, { timeZone: 'UTC' }), minNoticeHours: '2,5' };
    expect(formToProfileInput(form).minNoticeMinutes).toBe(150);
  });

  it('puts each message of the schema at its field, the notice at the hours', () => {
    const form = {
      ...profileToForm(saved, { timeZone: 'UTC' }),
      displayName: ' ',
      languages: [],
      specialties: ['x'],
      priceCredits: '',
      minNoticeHours: '400',
      timeZone: 'Mars/Olympus',
    };
    const result = checkProfile(form);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      displayName: 'validation:consultation.displayName',
      languages: 'validation:consultation.languages',
      specialties: 'validation:consultation.specialtyTooLong',
      priceCredits: 'validation:consultation.price',
      minNoticeHours: 'validation:consultation.notice',
      timeZone: 'validation:consultation.timeZone',
    });
  });

  it('finds the field of an API message by its name or path', () => {
    expect(profileFieldOf('minNoticeMinutes')).toBe('minNoticeHours');
    expect(profileFieldOf('specialties.2')).toBe('specialties');
    expect(profileFieldOf('photo')).toBeUndefined();
  });
});
