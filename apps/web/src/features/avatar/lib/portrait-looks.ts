import type { AvatarId } from '@candeia/shared/schemas/avatar';

/**
 * What each counsellor looks like, as data: the portrait (components/portrait.tsx) has one
 * drawing function and these few parameters make the six people. A new counsellor is a new entry
 * here, not a new drawing. Colours are hex so the drawing can mix its shades from them.
 */

export type HairStyle =
  /** Pulled back into a low bun, a soft side sweep over the forehead. */
  | 'low-bun'
  /** Short and curly, close to the head. */
  | 'short-curly'
  /** Short and curly with more volume (a rounder crown). */
  | 'full-curly'
  | 'bald'
  /** Long and straight, parted in the middle, falling over the shoulders. */
  | 'long-straight'
  /** Wavy, swept to one side. */
  | 'wavy';

export type ClothesStyle =
  /** An open cardigan over a plain top. */
  | 'cardigan'
  /** A shirt with an open collar. */
  | 'collared-shirt'
  /** A shawl over the shoulders, a blouse beneath. */
  | 'shawl'
  /** A jacket with lapels over a collarless shirt. */
  | 'jacket'
  /** A top with a rounded neckline. */
  | 'scoop-top'
  /** A crew-neck sweater with a ribbed collar. */
  | 'sweater';

export interface PortraitLook {
  skin: string;
  /** Age lines: 0 none (20s–30s), 1 a few (40s–50s), 2 more (70s). */
  age: 0 | 1 | 2;
  /** Jaw, neck and shoulders: 'soft' narrower and rounder, 'broad' wider. */
  build: 'soft' | 'broad';
  hair: {
    style: HairStyle;
    color: string;
    /** A lighter tone for strands and highlights. */
    light: string;
    /** Grey streaks drawn over the hair, if any. */
    streak?: string;
  };
  brows: { color: string; /** stroke width in the portrait's units */ weight: number };
  eyes: string;
  lips: string;
  /** How rosy the cheeks are: the blush's opacity. */
  blush: number;
  /** Lashes a little heavier, with a flick at the outer corner. */
  lashes: boolean;
  clothes: { style: ClothesStyle; main: string; /** the top, shirt or blouse beneath, when seen */ inner?: string };
  beard?: { color: string; /** where the sideburns begin (y, in the portrait's units) */ top: number };
  glasses?: { color: string };
  freckles?: boolean;
  /** Small stud earrings of this colour. */
  earrings?: string;
}

export const PORTRAIT_LOOKS: Record<AvatarId, PortraitLook> = {
  // Helena Prado, 50s: comfort in grief.
  helena: {
    skin: '#b98160',
    age: 1,
    build: 'soft',
    hair: { style: 'low-bun', color: '#3a2922', light: '#5a4034', streak: '#b4aca5' },
    brows: { color: '#3a2a24', weight: 2.3 },
    eyes: '#5a3522',
    lips: '#9c5550',
    blush: 0.32,
    lashes: true,
    clothes: { style: 'cardigan', main: '#c99294', inner: '#f4e9dc' },
    earrings: '#f6efe4',
  },
  // Tiago Moreira, 30s: anxiety and inner peace.
  tiago: {
    skin: '#c8956d',
    age: 0,
    build: 'broad',
    hair: { style: 'short-curly', color: '#1f1917', light: '#3d3029' },
    brows: { color: '#221a17', weight: 3 },
    eyes: '#4a2e1c',
    lips: '#a86a5a',
    blush: 0.18,
    lashes: false,
    clothes: { style: 'collared-shirt', main: '#9db79b' },
    beard: { color: '#2e2420', top: 84 },
  },
  // Benedita Sousa ("Dona Benedita"), 70s: family and forgiveness.
  benedita: {
    skin: '#6b4130',
    age: 2,
    build: 'soft',
    hair: { style: 'full-curly', color: '#ece8e2', light: '#ffffff' },
    brows: { color: '#b3aba1', weight: 2.4 },
    eyes: '#2e1b12',
    lips: '#7a3d36',
    blush: 0.32,
    lashes: true,
    clothes: { style: 'shawl', main: '#d3a03a', inner: '#4d6e6c' },
    glasses: { color: '#8a6a3c' },
  },
  // Samuel Ferraz, 40s: purpose and vocation.
  samuel: {
    skin: '#8b5a3f',
    age: 1,
    build: 'broad',
    hair: { style: 'bald', color: '#8f8a85', light: '#b9b4ae' },
    brows: { color: '#3e3632', weight: 3 },
    eyes: '#3e2416',
    lips: '#8a4c40',
    blush: 0.18,
    lashes: false,
    clothes: { style: 'jacket', main: '#27365a', inner: '#f6f4ef' },
    beard: { color: '#a29d97', top: 92 },
  },
  // Inês Cardoso, 30s: prayer and contemplation.
  ines: {
    skin: '#f2d3c0',
    age: 0,
    build: 'soft',
    hair: { style: 'long-straight', color: '#97462a', light: '#be6a40' },
    brows: { color: '#7e3c25', weight: 2.2 },
    eyes: '#5f7f4a',
    lips: '#cf8378',
    blush: 0.32,
    lashes: true,
    clothes: { style: 'scoop-top', main: '#b9a7d9' },
    freckles: true,
  },
  // Jonas Almeida, 20s: faith, doubt and new beginnings.
  jonas: {
    skin: '#dcb48f',
    age: 0,
    build: 'broad',
    hair: { style: 'wavy', color: '#8a6643', light: '#b08a5f' },
    brows: { color: '#6a4c32', weight: 2.8 },
    eyes: '#7a6a34',
    lips: '#b67a68',
    blush: 0.18,
    lashes: false,
    clothes: { style: 'sweater', main: '#c0653f' },
  },
};
