import type { ChatLanguage } from '@candeia/shared/schemas/chat';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The server's speech for avatar sessions (AI_SPEECH with AI_BASE_URL): OpenAI-style
 * `POST /audio/transcriptions` (multipart: the recording, the model, the language) and
 * `POST /audio/speech` (JSON: model, voice, input → audio). The browser's speech APIs are used
 * otherwise. The member's audio goes to that endpoint only, and is not kept.
 */

/** The audio types a browser's MediaRecorder makes, with the file name the endpoint is given. */
export const RECORDING_TYPES: Record<string, string> = {
  'audio/webm': 'speech.webm',
  'audio/ogg': 'speech.ogg',
  'audio/mp4': 'speech.m4a',
  'audio/mpeg': 'speech.mp3',
  'audio/wav': 'speech.wav',
  'audio/x-wav': 'speech.wav',
};

const headers = (config: Config): Record<string, string> =>
  config.AI_API_KEY ? { authorization: `Bearer ${config.AI_API_KEY}` } : {};

const url = (config: Config, path: string) => `${config.AI_BASE_URL!.replace(/\/+$/, '')}${path}`;

export async function transcribe(config: Config, audio: Buffer, type: string, language: ChatLanguage): Promise<string> {
  const form = new FormData();
  const base = type.split(';')[0]!.trim();
  form.append('file', new Blob([new Uint8Array(audio)], { type: base }), RECORDING_TYPES[base] ?? 'speech.webm');
  form.append('model', config.AI_TRANSCRIBE_MODEL);
  form.append('language', language);
  form.append('response_format', 'json');
  let res: Response;
  try {
    res = await fetch(url(config, '/audio/transcriptions'), {
      method: 'POST',
      headers: headers(config),
      body: form,
      signal: AbortSignal.timeout(config.AI_TIMEOUT_MS),
    });
  } catch (err) {
    throw AppError.caused('AVATAR_SPEECH_FAILED', err);
  }
  if (!res.ok) throw AppError.caused('AVATAR_SPEECH_FAILED', new Error(`transcription answered ${res.status}`));
  const body = (await res.json().catch(() => null)) as { text?: unknown } | null;
  if (typeof body?.text !== 'string') throw AppError.caused('AVATAR_SPEECH_FAILED', new Error('no text'));
  return body.text.trim();
}

/** The audio of `text` (MP3), as the endpoint streams it. */
export async function speak(
  config: Config,
  text: string,
  gender: 'female' | 'male',
): Promise<{ type: string; body: ReadableStream<Uint8Array> }> {
  let res: Response;
  try {
    res = await fetch(url(config, '/audio/speech'), {
      method: 'POST',
      headers: { ...headers(config), 'content-type': 'application/json' },
      body: JSON.stringify({
        model: config.AI_TTS_MODEL,
        voice: gender === 'female' ? config.AI_TTS_VOICE_FEMALE : config.AI_TTS_VOICE_MALE,
        input: text,
        response_format: 'mp3',
      }),
      signal: AbortSignal.timeout(config.AI_TIMEOUT_MS),
    });
  } catch (err) {
    throw AppError.caused('AVATAR_SPEECH_FAILED', err);
  }
  if (!res.ok || !res.body) throw AppError.caused('AVATAR_SPEECH_FAILED', new Error(`speech answered ${res.status}`));
  const type = res.headers.get('content-type') ?? 'audio/mpeg';
  return { type: type.startsWith('audio/') ? type : 'audio/mpeg', body: res.body };
}
