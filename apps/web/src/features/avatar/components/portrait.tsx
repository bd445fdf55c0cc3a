import { memo, useEffect, useId, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import type { AvatarId } from '@candeia/shared/schemas/avatar';
import { PORTRAIT_LOOKS, type PortraitLook } from '../lib/portrait-looks.ts';

/**
 * A counsellor's portrait: a flat illustrated bust drawn from the counsellor's look
 * (lib/portrait-looks.ts) by one drawing function, so the six share proportions and style.
 *
 * It comes alive without React: once mounted, one requestAnimationFrame loop writes a handful of
 * attributes (the head's and shoulders' transforms, the eyelids, the brows, the gaze, the mouth)
 * straight to the DOM. The mouth follows `mouthLevel`, read on every frame (a caller measuring
 * its audio needs no re-render at all), or else `mouth`, whose changes re-render nothing but
 * this component's outer element (the drawing is memoised). `still` (or the reader's
 * "reduce motion" setting) draws the pose for `state` and `mouth` once and runs nothing.
 *
 * The still drawing of each counsellor is also the file public/avatars/<id>.svg (the gallery's
 * image); portrait.test.tsx keeps the two the same.
 */

export type PortraitState = 'idle' | 'listening' | 'speaking' | 'thinking';

export interface PortraitProps {
  id: AvatarId;
  /** How open the mouth is, 0 (closed) to 1, driven by the caller from speech; smoothed here. */
  mouth?: number;
  /**
   * Instead of `mouth`, while animated: read on every animation frame (0..1), e.g. an audio
   * level, so the caller needs no React update per frame. Ignored when still (use `mouth`).
   */
  mouthLevel?: () => number;
  state?: PortraitState;
  /** No animation at all: the pose for `state` and `mouth`, drawn once. */
  still?: boolean;
  /** Sizing is the caller's: the drawing is square and fills the width it is given. */
  className?: string;
  /** The accessible name (the svg is role="img"). */
  label: string;
}

export function Portrait({
  id,
  mouth = 0,
  mouthLevel,
  state = 'idle',
  still = false,
  className,
  label,
}: PortraitProps) {
  const reducedMotion = usePrefersReducedMotion();
  const animated = !still && !reducedMotion;
  const look = PORTRAIT_LOOKS[id];
  // Clip paths need ids unique in the page (a gallery shows several portraits).
  const uid = `p${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const rootRef = useRef<SVGSVGElement>(null);
  const target = useRef<Target>({ mouth: clamp01(mouth), level: mouthLevel, state });

  useEffect(() => {
    target.current = { mouth: clamp01(mouth), level: mouthLevel, state };
  }, [mouth, mouthLevel, state]);

  useEffect(() => {
    const svg = rootRef.current;
    if (!animated || !svg || typeof requestAnimationFrame !== 'function') return;
    return runAnimation(svg, look, target);
  }, [animated, look]);

  // Animated, the drawing starts neutral and never re-renders for `mouth` or `state` (the loop
  // eases towards them); still, it is the pose itself.
  const pose = useMemo(() => (animated ? NEUTRAL : poseFor(state, clamp01(mouth))), [animated, state, mouth]);

  return (
    <svg
      ref={rootRef}
      xmlns="http://www.w3.org/2000/svg"
      viewBox="8 12 184 184"
      role="img"
      aria-label={label}
      className={className}
    >
      {/* A new drawing when switching between animated and still, or between people: the loop's
          last writes are not in React's picture of the DOM, so they must not survive it. */}
      <Figure key={`${id}-${animated ? 'live' : 'still'}`} look={look} pose={pose} uid={uid} />
    </svg>
  );
}

// ---------- Reduced motion ----------

const REDUCE_QUERY = '(prefers-reduced-motion: reduce)';

function hasMatchMedia(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function';
}

function subscribeReducedMotion(onChange: () => void): () => void {
  if (!hasMatchMedia()) return () => {};
  const mql = window.matchMedia(REDUCE_QUERY);
  // Older engines (and some test doubles) have no addEventListener on a MediaQueryList.
  if (typeof mql.addEventListener !== 'function') return () => {};
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => hasMatchMedia() && window.matchMedia(REDUCE_QUERY).matches,
    () => false,
  );
}

// ---------- Pose ----------

/** Everything that moves, in the drawing's units (drawn on a 200 × 200 square, framed a little closer). */
interface Pose {
  /** 0..1 through a breath: the head and shoulders rise a little. */
  breath: number;
  /** Head rotation in degrees around the chin (negative: towards the viewer's left). */
  tilt: number;
  /** Brow offsets (negative: raised). */
  browL: number;
  browR: number;
  /** Where the irises look, offset from straight ahead. */
  gazeX: number;
  gazeY: number;
  /** The upper lids' resting place (negative: eyes a little wider). */
  lidRest: number;
  /** 0 open … 1 closed. */
  blink: number;
  /** 0 closed … 1 open. */
  mouth: number;
}

type Expression = Pick<Pose, 'tilt' | 'browL' | 'browR' | 'gazeX' | 'gazeY' | 'lidRest'>;

const CALM: Expression = { tilt: 0, browL: 0, browR: 0, gazeX: 0, gazeY: 0, lidRest: 0 };

const EXPRESSIONS: Record<PortraitState, Expression> = {
  idle: CALM,
  // The caller drives the mouth; the face itself stays as in idle.
  speaking: CALM,
  // Attentive: the head leans in a little, brows up, eyes a touch wider.
  listening: { tilt: -3.5, browL: -2, browR: -2, gazeX: 0, gazeY: 0, lidRest: -0.7 },
  // Pondering: a glance up and aside, one brow higher than the other.
  thinking: { tilt: 2, browL: -0.6, browR: -2, gazeX: 1.6, gazeY: -2, lidRest: -0.6 },
};

const NEUTRAL: Pose = { ...CALM, breath: 0, blink: 0, mouth: 0 };

function poseFor(state: PortraitState, mouth: number): Pose {
  return { ...EXPRESSIONS[state], breath: 0, blink: 0, mouth };
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}

// ---------- Geometry ----------

/** Numbers in the markup: two decimals at most, so files are short and renders deterministic. */
function f(x: number): string {
  return String(Math.round(x * 100) / 100);
}

const EYE_Y = 90;
const EYE_LX = 85.5;
const EYE_RX = 114.5;
const EYE_HW = 6.4;
/** The eye's outline: an almond of two quadratic arcs (their control points above and below). */
const EYE_TOP = -6.6;
const EYE_BOTTOM = 5.4;
const MOUTH_X = 100;
const MOUTH_Y = 118;
/** The head turns around the chin, so the neck seam never shows. */
const PIVOT = '100 130';

function eyeOutline(ex: number): string {
  return `M${f(ex - EYE_HW)} ${EYE_Y}Q${ex} ${f(EYE_Y + EYE_TOP)} ${f(ex + EYE_HW)} ${EYE_Y}Q${ex} ${f(EYE_Y + EYE_BOTTOM)} ${f(ex - EYE_HW)} ${EYE_Y}Z`;
}

/** Where the upper lid's edge curves to (the control point's y), from open to closed. */
function lidControl(look: PortraitLook, pose: Pose): number {
  const rest = [1.3, 1.8, 2.3][look.age] ?? 1.3;
  const open = EYE_Y + EYE_TOP + rest + pose.lidRest;
  return open + (EYE_Y + EYE_BOTTOM - open) * pose.blink;
}

/** The lid: skin above the lid's edge (clipped to the eye by the caller). */
function lidPath(ex: number, ctrl: number): string {
  const l = f(ex - EYE_HW - 2);
  const r = f(ex + EYE_HW + 2);
  return `M${l} ${EYE_Y - 10}L${r} ${EYE_Y - 10}L${r} ${EYE_Y}L${f(ex + EYE_HW)} ${EYE_Y}Q${ex} ${f(ctrl)} ${f(ex - EYE_HW)} ${EYE_Y}L${l} ${EYE_Y}Z`;
}

/** The lash line along the lid's edge, with a small flick at the outer corner. */
function lashPath(ex: number, ctrl: number, side: -1 | 1): string {
  const outer = ex + side * EYE_HW;
  const inner = ex - side * EYE_HW;
  return `M${f(inner)} ${EYE_Y}Q${ex} ${f(ctrl)} ${f(outer)} ${EYE_Y}l${side * 1.6} -1.3`;
}

interface MouthShape {
  lips: string;
  opening: string;
  teethY: string;
  teethH: string;
  tongueCy: string;
  tongueRy: string;
}

/**
 * The mouth at openness m: a gentle closed smile at 0 (the parting a thin dark line between the
 * lips), an open "ah" at 1, the corners relaxing and the mouth narrowing as it opens.
 */
function mouthShape(m: number): MouthShape {
  const w = 8.6 - 1.1 * m;
  const cornerY = MOUTH_Y - (1.3 - 0.5 * m);
  const openTop = MOUTH_Y - 0.2 - 2 * m;
  const openBottom = MOUTH_Y + 0.7 + 6.6 * m;
  const ow = w * 0.92;
  // A quadratic arc passes halfway between its ends and its control point: aim the middle.
  const via = (mid: number) => f(2 * mid - cornerY);
  const opening = `M${f(MOUTH_X - ow)} ${f(cornerY)}Q${MOUTH_X} ${via(openTop)} ${f(MOUTH_X + ow)} ${f(cornerY)}Q${MOUTH_X} ${via(openBottom)} ${f(MOUTH_X - ow)} ${f(cornerY)}Z`;
  const top = openTop - 2.8;
  const lips =
    `M${f(MOUTH_X - w)} ${f(cornerY)}` +
    `C${f(MOUTH_X - w * 0.55)} ${f(top + 0.2)} ${f(MOUTH_X - 2.4)} ${f(top - 0.7)} ${MOUTH_X} ${f(top + 0.4)}` +
    `C${f(MOUTH_X + 2.4)} ${f(top - 0.7)} ${f(MOUTH_X + w * 0.55)} ${f(top + 0.2)} ${f(MOUTH_X + w)} ${f(cornerY)}` +
    `Q${MOUTH_X} ${via(openBottom + 3.4)} ${f(MOUTH_X - w)} ${f(cornerY)}Z`;
  return {
    lips,
    opening,
    teethY: f(openTop - 1),
    teethH: f(m > 0.02 ? 1 + 2.6 * m : 0),
    tongueCy: f(openBottom + 0.5),
    tongueRy: f(3.6 * m),
  };
}

function headTransform(p: Pose, sway: number): string {
  return `translate(0 ${f(-0.8 * p.breath)}) rotate(${f(p.tilt + sway)} ${PIVOT})`;
}

function bodyTransform(p: Pose): string {
  return `translate(0 ${f(-0.45 * p.breath)})`;
}

const translateY = (dy: number) => `translate(0 ${f(dy)})`;

/** Every attribute the animation writes, computed from a pose; the first render uses the same. */
function attributesOf(look: PortraitLook, p: Pose, sway = 0) {
  const lid = lidControl(look, p);
  const mouth = mouthShape(p.mouth);
  return {
    head: headTransform(p, sway),
    body: bodyTransform(p),
    browL: translateY(p.browL),
    browR: translateY(p.browR),
    gaze: `translate(${f(p.gazeX)} ${f(p.gazeY)})`,
    lidL: lidPath(EYE_LX, lid),
    lidR: lidPath(EYE_RX, lid),
    lashL: lashPath(EYE_LX, lid, -1),
    lashR: lashPath(EYE_RX, lid, 1),
    ...mouth,
  };
}

type Attributes = ReturnType<typeof attributesOf>;

/** Which attribute of which parts (data-part) each computed value goes to. */
const WRITES: [part: string, attribute: string, key: keyof Attributes][] = [
  ['head', 'transform', 'head'],
  ['body', 'transform', 'body'],
  ['brow-l', 'transform', 'browL'],
  ['brow-r', 'transform', 'browR'],
  ['gaze', 'transform', 'gaze'],
  ['lid-l', 'd', 'lidL'],
  ['lid-r', 'd', 'lidR'],
  ['lash-l', 'd', 'lashL'],
  ['lash-r', 'd', 'lashR'],
  ['mouth-lips', 'd', 'lips'],
  ['mouth-opening', 'd', 'opening'],
  ['mouth-teeth', 'y', 'teethY'],
  ['mouth-teeth', 'height', 'teethH'],
  ['mouth-tongue', 'cy', 'tongueCy'],
  ['mouth-tongue', 'ry', 'tongueRy'],
];

// ---------- Animation ----------

/** What the loop eases towards: the latest props. */
interface Target {
  mouth: number;
  level: (() => number) | undefined;
  state: PortraitState;
}

const BREATH_MS = 4800;
const SWAY_MS = 7300;
const SWAY_DEG = 0.6;
const BLINK_MS = 150;
/** Mouth smoothing: fast enough to follow syllables, slow enough to hide a jittery level. */
const MOUTH_TAU_MS = 55;
/** Expression changes (a state change) ease in over about half a second. */
const EXPRESSION_TAU_MS = 160;

function nextBlinkDelay(): number {
  return 3000 + Math.random() * 3000;
}

/** How far a blink is closed, `elapsed` ms into it: down quickly, a short hold, up a bit slower. */
function blinkAt(elapsed: number): number {
  if (elapsed < 0 || elapsed >= BLINK_MS) return 0;
  if (elapsed < 50) return elapsed / 50;
  if (elapsed < 75) return 1;
  return 1 - (elapsed - 75) / (BLINK_MS - 75);
}

/** Starts the loop; returns its stop. Writes an attribute only when its text changes. */
function runAnimation(svg: SVGSVGElement, look: PortraitLook, target: { readonly current: Target }): () => void {
  const parts = WRITES.map(([part, attribute, key]) => ({
    elements: Array.from(svg.querySelectorAll(`[data-part="${part}"]`)),
    attribute,
    key,
    last: '',
  }));
  const pose: Pose = { ...NEUTRAL };
  let start = -1;
  let last = 0;
  let blinkStart = -Infinity;
  let nextBlink = 0;
  let frame = 0;

  const tick = (now: number) => {
    if (start < 0) {
      start = now;
      last = now;
      nextBlink = now + 800 + Math.random() * 2500;
    }
    // A long gap (a hidden tab) must not become one huge step.
    const dt = Math.min(now - last, 100);
    last = now;
    const t = now - start;
    const { level, state } = target.current;
    const mouth = level ? clamp01(level()) : target.current.mouth;
    const expression = EXPRESSIONS[state];
    const ease = 1 - Math.exp(-dt / EXPRESSION_TAU_MS);
    for (const key of Object.keys(expression) as (keyof Expression)[]) {
      pose[key] += (expression[key] - pose[key]) * ease;
    }
    pose.mouth += (mouth - pose.mouth) * (1 - Math.exp(-dt / MOUTH_TAU_MS));
    pose.breath = (1 - Math.cos((2 * Math.PI * t) / BREATH_MS)) / 2;
    if (now >= nextBlink) {
      blinkStart = now;
      nextBlink = now + nextBlinkDelay();
    }
    pose.blink = blinkAt(now - blinkStart);
    const sway = SWAY_DEG * Math.sin((2 * Math.PI * t) / SWAY_MS);
    const values = attributesOf(look, pose, sway);
    for (const part of parts) {
      const value = values[part.key];
      if (value === part.last) continue;
      part.last = value;
      for (const el of part.elements) el.setAttribute(part.attribute, value);
    }
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  return () => cancelAnimationFrame(frame);
}

// ---------- Colour ----------

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `a` mixed with `b` by `t` (0: a, 1: b). */
function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = rgb(a);
  const [br, bg, bb] = rgb(b);
  const c = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${c(ar, br)}${c(ag, bg)}${c(ab, bb)}`;
}

function lightness(hex: string): number {
  const [r, g, b] = rgb(hex);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

function paletteOf(look: PortraitLook) {
  const { skin } = look;
  const hairIsLight = lightness(look.hair.color) > 0.6;
  return {
    skin,
    /** Soft shadows on the skin (one side of the face, under the hair and chin). */
    shade: mix(skin, '#4a2418', 0.22),
    faceShade: mix(skin, '#4a2418', 0.1),
    /** Lines: nostrils, ears, age. */
    line: mix(skin, '#3a1a12', 0.42),
    lid: mix(skin, '#4a2418', 0.12),
    neck: mix(skin, '#4a2418', 0.1),
    blush: mix(skin, '#e0605a', 0.45),
    lash: lightness(skin) > 0.5 ? '#3a2620' : '#1d1210',
    hairShade: mix(look.hair.color, hairIsLight ? '#7d7268' : '#000000', hairIsLight ? 0.3 : 0.25),
    /** Curl and strand marks: lighter on dark hair, darker on white hair. */
    hairMark: hairIsLight ? mix(look.hair.color, '#7d7268', 0.38) : look.hair.light,
    main: look.clothes.main,
    mainShade: mix(look.clothes.main, '#1c1420', 0.2),
    mainShadow: mix(look.clothes.main, '#1c1420', 0.1),
    mainLight: mix(look.clothes.main, '#ffffff', 0.14),
    inner: look.clothes.inner ?? '#f4efe8',
    innerShade: mix(look.clothes.inner ?? '#f4efe8', '#6b5a4e', 0.22),
  };
}

type Palette = ReturnType<typeof paletteOf>;

// ---------- Drawing ----------

const MIRROR = 'matrix(-1 0 0 1 200 0)';

/** Points on an ellipse from one angle to another (degrees, 0 = right, 90 = down), both ends included. */
function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number, n: number) {
  return Array.from({ length: n }, (_, i) => {
    const a = ((from + ((to - from) * i) / (n - 1)) * Math.PI) / 180;
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)] as const;
  });
}

function faceOutline(look: PortraitLook): string {
  // The broad build has a wider, squarer jaw.
  const j = look.build === 'broad' ? 2.5 : 0;
  return (
    `M66 86C66 58 81 40 100 40C119 40 134 58 134 86` +
    `C134 ${106 + j} ${128 + j} ${119 + j} ${118 + j} 127C${112 + j / 2} ${131.5 + j / 3} 106 133.5 100 133.5` +
    `C94 133.5 ${88 - j / 2} ${131.5 + j / 3} ${82 - j} 127C${72 - j} ${119 + j} 66 ${106 + j} 66 86Z`
  );
}

function torsoOutline(look: PortraitLook): string {
  return look.build === 'broad'
    ? 'M0 212C2 186 12 171 36 164C54 159 72 155 85 147L115 147C128 155 146 159 164 164C188 171 198 186 200 212Z'
    : 'M8 212C10 188 20 174 42 166C58 161 74 156 86 148L114 148C126 156 142 161 158 166C180 174 190 188 192 212Z';
}

interface FigureProps {
  look: PortraitLook;
  pose: Pose;
  uid: string;
}

const Figure = memo(function Figure({ look, pose, uid }: FigureProps) {
  const pal = paletteOf(look);
  const a = attributesOf(look, pose);
  const id = (name: string) => `${uid}-${name}`;
  const url = (name: string) => `url(#${id(name)})`;
  const face = faceOutline(look);
  const torso = torsoOutline(look);
  const hair = hairOf(look, pal, url);
  const neckL = look.build === 'broad' ? 87 : 88.5;
  const neckR = 200 - neckL;

  return (
    <>
      <defs>
        <clipPath id={id('face')}>
          <path d={face} />
        </clipPath>
        <clipPath id={id('torso')}>
          <path d={torso} />
        </clipPath>
        <clipPath id={id('eye-l')}>
          <path d={eyeOutline(EYE_LX)} />
        </clipPath>
        <clipPath id={id('eye-r')}>
          <path d={eyeOutline(EYE_RX)} />
        </clipPath>
        {hair.frontOutline && (
          <clipPath id={id('hair')}>
            <path d={hair.frontOutline} />
          </clipPath>
        )}
        <clipPath id={id('mouth')}>
          <path data-part="mouth-opening" d={a.opening} />
        </clipPath>
      </defs>

      {/* Behind everything: the back of the hair (a bun, long hair), turning with the head. */}
      <g data-part="head" transform={a.head}>
        {hair.back}
      </g>

      <g data-part="body" transform={a.body}>
        <path
          d={`M${neckL} 106L${neckL} 146C${neckL + 4} 153 ${neckR - 4} 153 ${neckR} 146L${neckR} 106Z`}
          fill={pal.neck}
        />
        {/* The chin's shadow on the neck. */}
        <path
          d={`M${neckL} 116C92 138 108 138 ${neckR} 116L${neckR} 133C108 145 92 145 ${neckL} 133Z`}
          fill={pal.shade}
          opacity={0.7}
        />
        <path d={torso} fill={pal.mainShadow} />
        <g clipPath={url('torso')}>
          {/* As on the face: a crescent of shade down the right side. */}
          <path d={torso} transform="translate(-9 -3)" fill={pal.main} />
          {clothesOf(look, pal)}
        </g>
      </g>

      <g data-part="head" transform={a.head}>
        {look.hair.style !== 'long-straight' && ears(look, pal)}
        <path d={face} fill={pal.faceShade} />
        <g clipPath={url('face')}>
          {/* Light from the upper left: the face drawn again a little up and left of its shadow
              leaves a soft crescent of shade down its right side. */}
          <path d={face} transform="translate(-4.5 -2)" fill={pal.skin} />
          {hair.frontOutline && (
            <path d={hair.frontOutline} transform="translate(1.5 3)" fill={pal.shade} opacity={0.55} />
          )}
          <ellipse cx={80} cy={107} rx={7.5} ry={4.2} fill={pal.blush} opacity={look.blush} />
          <ellipse cx={120} cy={107} rx={7.5} ry={4.2} fill={pal.blush} opacity={look.blush} />
          {ageLines(look, pal)}
          {look.freckles && freckles(pal)}
        </g>
        {nose(pal)}
        {eye(look, pal, a, 'l', url)}
        {eye(look, pal, a, 'r', url)}
        <g data-part="brow-l" transform={a.browL}>
          <path
            d={`M${EYE_LX - 8} ${EYE_Y - 9.6}Q${EYE_LX - 2} ${EYE_Y - 14.2} ${EYE_LX + 7} ${EYE_Y - 11.4}`}
            stroke={look.brows.color}
            strokeWidth={look.brows.weight}
            strokeLinecap="round"
            fill="none"
          />
        </g>
        <g data-part="brow-r" transform={a.browR}>
          <path
            d={`M${EYE_RX + 8} ${EYE_Y - 9.6}Q${EYE_RX + 2} ${EYE_Y - 14.2} ${EYE_RX - 7} ${EYE_Y - 11.4}`}
            stroke={look.brows.color}
            strokeWidth={look.brows.weight}
            strokeLinecap="round"
            fill="none"
          />
        </g>
        {look.beard && beard(look.beard, look)}
        <path data-part="mouth-lips" d={a.lips} fill={look.lips} />
        <g clipPath={url('mouth')}>
          <path data-part="mouth-opening" d={a.opening} fill="#4a2024" />
          <rect data-part="mouth-teeth" x={88} y={a.teethY} width={24} height={a.teethH} fill="#fbf7f2" />
          <ellipse data-part="mouth-tongue" cx={100} cy={a.tongueCy} rx={5} ry={a.tongueRy} fill="#c9676a" />
        </g>
        {look.glasses && glasses(look.glasses.color)}
        {hair.front}
      </g>
    </>
  );
});

type Url = (name: string) => string;

function ears(look: PortraitLook, pal: Palette): ReactNode {
  return (
    <>
      {[65.5, 134.5].map((x) => (
        <g key={x}>
          <ellipse cx={x} cy={93} rx={5.6} ry={9.5} fill={pal.skin} />
          <path
            d={x < 100 ? `M${x + 1.8} 87Q${x - 2.6} 92 ${x + 1} 99` : `M${x - 1.8} 87Q${x + 2.6} 92 ${x - 1} 99`}
            stroke={pal.shade}
            strokeWidth={1.4}
            fill="none"
            strokeLinecap="round"
          />
          {look.earrings && (
            <>
              <circle cx={x < 100 ? x - 0.5 : x + 0.5} cy={102.6} r={1.9} fill={look.earrings} />
              <circle cx={x < 100 ? x - 1 : x} cy={102} r={0.6} fill="#ffffff" opacity={0.8} />
            </>
          )}
        </g>
      ))}
    </>
  );
}

function nose(pal: Palette): ReactNode {
  return (
    <g fill="none" strokeLinecap="round">
      <path d="M102.2 93Q104 100 105 104.6" stroke={pal.shade} strokeWidth={1.6} opacity={0.8} />
      <path d="M95.6 106.2Q97.4 108.8 100 108.4Q102.6 108.8 104.4 106.2" stroke={pal.line} strokeWidth={1.5} />
      <ellipse cx={99.2} cy={104.4} rx={2.2} ry={1.4} fill="#ffffff" opacity={0.16} />
    </g>
  );
}

function eye(look: PortraitLook, pal: Palette, a: Attributes, side: 'l' | 'r', url: Url): ReactNode {
  const ex = side === 'l' ? EYE_LX : EYE_RX;
  const s = side === 'l' ? -1 : 1;
  return (
    <g>
      {/* The crease above the lid. */}
      <path
        d={`M${ex - 5.6} ${EYE_Y - 6.4}Q${ex} ${EYE_Y - 10} ${ex + 5.6} ${EYE_Y - 6.6}`}
        stroke={pal.shade}
        strokeWidth={1}
        fill="none"
        opacity={0.8}
        strokeLinecap="round"
      />
      <g clipPath={url(`eye-${side}`)}>
        <path d={eyeOutline(ex)} fill="#fbf8f3" />
        <g data-part="gaze" transform={a.gaze}>
          <circle cx={ex} cy={EYE_Y + 0.3} r={3.8} fill={look.eyes} />
          <circle cx={ex} cy={EYE_Y + 0.3} r={3.8} fill="none" stroke="#1b120e" strokeWidth={0.6} opacity={0.45} />
          <circle cx={ex} cy={EYE_Y + 0.3} r={1.85} fill="#1b120e" />
          <circle cx={ex + 1.3} cy={EYE_Y - 1} r={0.95} fill="#ffffff" />
        </g>
        <path data-part={`lid-${side}`} d={side === 'l' ? a.lidL : a.lidR} fill={pal.lid} />
      </g>
      <path
        data-part={`lash-${side}`}
        d={side === 'l' ? a.lashL : a.lashR}
        stroke={pal.lash}
        strokeWidth={look.lashes ? 1.7 : 1.3}
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
      {/* The lower lid, faint. */}
      <path
        d={`M${ex - s * 4.8} ${EYE_Y + 2.6}Q${ex} ${EYE_Y + 4.4} ${ex + s * 5.4} ${EYE_Y + 1.6}`}
        stroke={pal.line}
        strokeWidth={0.7}
        fill="none"
        opacity={0.35}
        strokeLinecap="round"
      />
    </g>
  );
}

function ageLines(look: PortraitLook, pal: Palette): ReactNode {
  if (look.age === 0) return null;
  return (
    <g stroke={pal.line} fill="none" strokeLinecap="round" strokeWidth={0.9} opacity={look.age === 2 ? 0.55 : 0.4}>
      {/* Smile lines from the nose to the corners of the mouth. */}
      <path d="M89.5 108.5Q85.6 113.5 88.2 120.5" />
      <path d="M110.5 108.5Q114.4 113.5 111.8 120.5" />
      {look.age === 2 && (
        <>
          <path d="M80.5 97.2Q86 99.6 91.5 97.4" />
          <path d="M108.5 97.4Q114 99.6 119.5 97.2" />
          <path d="M76.4 88.4l-2.6 -1.2M76.6 91l-2.8 0.4" />
          <path d="M123.6 88.4l2.6 -1.2M123.4 91l2.8 0.4" />
          <path d="M89 62.5Q100 59.8 111 62.5" />
          <path d="M91.5 66.5Q100 64.4 108.5 66.5" />
        </>
      )}
    </g>
  );
}

function freckles(pal: Palette): ReactNode {
  const dots: [number, number, number][] = [
    [78.5, 100.5, 0.75],
    [82.5, 103, 0.6],
    [77, 104.6, 0.55],
    [86.5, 100, 0.6],
    [90.5, 103.2, 0.7],
    [84.5, 106.2, 0.5],
    [95.6, 99, 0.55],
    [97.8, 102.2, 0.5],
    [104.4, 99.2, 0.55],
    [102.4, 102.4, 0.5],
    [109.5, 103, 0.7],
    [113.5, 100, 0.6],
    [117.5, 103.2, 0.6],
    [121.5, 100.6, 0.75],
    [123, 104.8, 0.55],
    [115.5, 106.2, 0.5],
  ];
  return (
    <g fill={mix(pal.skin, '#8a4a2a', 0.55)} opacity={0.6}>
      {dots.map(([cx, cy, r]) => (
        <circle key={`${cx}-${cy}`} cx={cx} cy={cy} r={r} />
      ))}
    </g>
  );
}

function glasses(color: string): ReactNode {
  return (
    <g fill="none" stroke={color} strokeWidth={1.6}>
      <circle cx={EYE_LX} cy={EYE_Y + 0.5} r={9.6} fill="#ffffff" fillOpacity={0.12} />
      <circle cx={EYE_RX} cy={EYE_Y + 0.5} r={9.6} fill="#ffffff" fillOpacity={0.12} />
      <path d={`M${EYE_LX + 9.4} ${EYE_Y - 1}Q100 ${EYE_Y - 4.4} ${EYE_RX - 9.4} ${EYE_Y - 1}`} />
      <path d={`M${EYE_LX - 9.5} ${EYE_Y - 1}L66.5 ${EYE_Y - 3}M${EYE_RX + 9.5} ${EYE_Y - 1}L133.5 ${EYE_Y - 3}`} />
      {/* A glint on each lens. */}
      <path
        d={`M${EYE_LX - 5.8} ${EYE_Y - 3.4}q2 -2.6 5 -3.2M${EYE_RX - 5.8} ${EYE_Y - 3.4}q2 -2.6 5 -3.2`}
        stroke="#ffffff"
        strokeWidth={1.1}
        strokeLinecap="round"
        opacity={0.55}
      />
    </g>
  );
}

function beard(b: NonNullable<PortraitLook['beard']>, look: PortraitLook): ReactNode {
  const j = look.build === 'broad' ? 2.5 : 0;
  const top = b.top;
  // From one sideburn down along the jaw (a little outside it, for the beard's depth) to the
  // other, then back up around the mouth, which stays clear: a short, neat beard.
  const d =
    `M66 ${top}C66 ${107 + j} ${70.5 - j} ${121 + j} ${80.5 - j} 128C${88 - j / 2} 133.6 94 135 100 135` +
    `C106 135 ${112 + j / 2} 133.6 ${119.5 + j} 128C${129.5 + j} ${121 + j} 134 ${107 + j} 134 ${top}` +
    `L130.4 ${top}C130.4 100 129.5 105 127 109.5C123.6 114.5 119.6 120.5 113.5 123.6` +
    `C109.5 125.6 104 125.4 100 125.2C96 125.4 90.5 125.6 86.5 123.6` +
    `C80.4 120.5 76.4 114.5 73 109.5C70.5 105 69.6 100 69.6 ${top}Z`;
  const moustache =
    'M87.4 116.4C88.6 112.4 94.5 110.6 100 111.6C105.5 110.6 111.4 112.4 112.6 116.4C108 114.6 104 114.2 100 115C96 114.2 92 114.6 87.4 116.4Z';
  return (
    <g fill={b.color} opacity={0.86}>
      <path d={d} />
      <path d={moustache} opacity={0.92} />
      {/* A little texture, lighter strands on the chin and cheeks. */}
      <path
        d="M92 131q2 1.2 4 0.4M104 131.4q2 0.8 4 -0.4M80 121q1.2 2 3 2.6M120 121q-1.2 2 -3 2.6M72 106q0.6 3 2.2 5M128 106q-0.6 3 -2.2 5"
        stroke={mix(b.color, '#ffffff', 0.22)}
        strokeWidth={0.8}
        fill="none"
        strokeLinecap="round"
        opacity={0.7}
      />
    </g>
  );
}

// ---------- Clothes ----------

function clothesOf(look: PortraitLook, pal: Palette): ReactNode {
  switch (look.clothes.style) {
    case 'sweater':
      return (
        <>
          <path
            d="M52 176Q58 192 56 212M148 176Q142 192 144 212"
            stroke={pal.mainShade}
            strokeWidth={1}
            fill="none"
            opacity={0.5}
          />
          {/* The ribbed collar. */}
          <path d="M84 145.5C88 159 112 159 116 145.5" stroke={pal.mainShade} strokeWidth={6} fill="none" />
          <path
            d="M84.6 146C88.6 157 111.4 157 115.4 146"
            stroke={pal.main}
            strokeWidth={3.2}
            fill="none"
            strokeDasharray="0.9 1.6"
            opacity={0.9}
          />
        </>
      );
    case 'scoop-top':
      return (
        <>
          <path d="M80 147C82 170 118 170 120 147Z" fill={pal.neck} />
          <path d="M80 147C84 158 116 158 120 147L120 150C110 162 90 162 80 150Z" fill={pal.shade} opacity={0.5} />
          <path d="M80 147C82 170 118 170 120 147" stroke={pal.mainShade} strokeWidth={1.6} fill="none" />
        </>
      );
    case 'collared-shirt':
      return (
        <>
          <path d="M88 146L100 168L112 146Z" fill={pal.neck} />
          <path d="M88 146L100 162L112 146Z" fill={pal.shade} opacity={0.45} />
          <path d="M100 168L100 212" stroke={pal.mainShade} strokeWidth={1.1} />
          <circle cx={101.6} cy={182} r={1.3} fill={pal.mainLight} stroke={pal.mainShade} strokeWidth={0.5} />
          <circle cx={101.6} cy={198} r={1.3} fill={pal.mainLight} stroke={pal.mainShade} strokeWidth={0.5} />
          {[false, true].map((right) => (
            <path
              key={String(right)}
              transform={right ? MIRROR : undefined}
              d="M86 142L100 168.5L90.5 172L76.5 157.5Z"
              fill={pal.mainLight}
              stroke={pal.mainShade}
              strokeWidth={0.9}
              strokeLinejoin="round"
            />
          ))}
        </>
      );
    case 'cardigan':
      return (
        <>
          <path d="M79 149C88 172 94 192 95 214L105 214C106 192 112 172 121 149Z" fill={pal.inner} />
          <path d="M86 147.5C89 159 111 159 114 147.5Z" fill={pal.neck} />
          <path
            d="M86 147.5C89 152 111 152 114 147.5L114 149.5C106 157 94 157 86 149.5Z"
            fill={pal.shade}
            opacity={0.5}
          />
          <path d="M86 147.5C89 159 111 159 114 147.5" stroke={pal.innerShade} strokeWidth={1.2} fill="none" />
          {/* The cardigan's front bands. */}
          <path
            d="M79 149C88 172 94 192 95 214M121 149C112 172 106 192 105 214"
            stroke={pal.mainShade}
            strokeWidth={3.4}
            fill="none"
          />
          <path
            d="M79 149C88 172 94 192 95 214M121 149C112 172 106 192 105 214"
            stroke={pal.mainLight}
            strokeWidth={1}
            fill="none"
            transform="translate(-1.6 0)"
          />
        </>
      );
    case 'jacket':
      return (
        <>
          <path d="M79 148L100 206L121 148Z" fill={pal.inner} />
          <path d="M84 147L100 180L116 147Z" fill={pal.innerShade} opacity={0.35} />
          {/* The shirt's band collar, standing round the neck. */}
          <path
            d="M85 146.5C88 156 112 156 115 146.5L115 142C110 150 90 150 85 142Z"
            fill={pal.inner}
            stroke={pal.innerShade}
            strokeWidth={0.8}
          />
          {[false, true].map((right) => (
            <path
              key={String(right)}
              transform={right ? MIRROR : undefined}
              d="M80 148L98 204L87 192L72.5 166L79 161.5L70.5 157Z"
              fill={pal.mainLight}
              stroke={pal.mainShade}
              strokeWidth={1}
              strokeLinejoin="round"
            />
          ))}
        </>
      );
    case 'shawl':
      return (
        <>
          <path d="M82 148C90 168 95 188 96 214L104 214C105 188 110 168 118 148Z" fill={pal.inner} />
          <path d="M87 148C90 157 110 157 113 148Z" fill={pal.neck} />
          <path d="M87 148C90 152 110 152 113 148L113 150C106 156.5 94 156.5 87 150Z" fill={pal.shade} opacity={0.5} />
          <path d="M87 148C90 157 110 157 113 148" stroke={pal.innerShade} strokeWidth={1.1} fill="none" />
          {/* The shawl's right side crosses over the left at the front. */}
          <path d="M118 148C112 170 102 194 88 214L200 214L200 150Z" fill={pal.main} />
          <path d="M118 148C112 170 102 194 88 214" stroke={pal.mainShade} strokeWidth={2.4} fill="none" />
          <path d="M82 148C90 168 95 188 96 200" stroke={pal.mainShade} strokeWidth={2.4} fill="none" />
          {/* Folds over the shoulders. */}
          <g stroke={pal.mainShade} strokeWidth={1.2} fill="none" opacity={0.55} strokeLinecap="round">
            <path d="M50 172C62 178 72 190 76 210" />
            <path d="M34 184C44 190 52 200 54 212" />
            <path d="M150 172C140 180 132 192 128 210" />
            <path d="M166 184C158 190 152 200 150 212" />
          </g>
          <circle cx={97.6} cy={190} r={3.2} fill="#b98a3e" stroke="#8a6128" strokeWidth={0.8} />
        </>
      );
  }
}

// ---------- Hair ----------

interface Hair {
  /** Behind the head and the shoulders. */
  back?: ReactNode;
  /** Over the face. */
  front?: ReactNode;
  /** The front's outline: it clips the strands drawn on it and casts a shadow on the forehead. */
  frontOutline?: string;
}

function hairOf(look: PortraitLook, pal: Palette, url: Url): Hair {
  const { color, light, streak } = look.hair;
  /** Strands and curls, kept inside the hair's outline. */
  const onHair = (children: ReactNode) => <g clipPath={url('hair')}>{children}</g>;
  switch (look.hair.style) {
    case 'low-bun': {
      const front =
        'M63 98C58 62 74 34 100 33C126 33 142 62 137 98L133.6 98C133.2 84 131 74 126 67C116 62.5 100 60 88.5 49C82 56 74.5 64 70.5 76C68.5 84 67.4 90 66.8 98Z';
      return {
        back: (
          <>
            {/* The bun, low at the nape, peeking out beside the neck. */}
            <circle cx={122.5} cy={122} r={11.5} fill={pal.hairShade} />
            <g fill="none" strokeLinecap="round" strokeWidth={1.2}>
              <path d="M114.5 116Q123 111.5 131.5 117.5" stroke={light} opacity={0.8} />
              <path d="M115 124.5Q124 120.5 133.5 126" stroke={streak ?? light} opacity={0.8} />
              <path d="M116 130Q123 128 130 131" stroke={light} opacity={0.6} />
            </g>
            <path d="M63 96C58 58 76 33 100 33C124 33 142 58 137 96Z" fill={pal.hairShade} />
          </>
        ),
        frontOutline: front,
        front: (
          <>
            <path d={front} fill={color} />
            {onHair(
              <g fill="none" strokeLinecap="round">
                <path d="M88 45C101 50 119 56 131 72" stroke={light} strokeWidth={1.4} opacity={0.8} />
                <path d="M87 40C103 40 122 48 134 64" stroke={streak ?? light} strokeWidth={1.6} opacity={0.9} />
                <path d="M90 36.5C108 35 127 45 136 58" stroke={streak ?? light} strokeWidth={1.1} opacity={0.7} />
                <path d="M85 45C78 51 72 61 68.6 76" stroke={streak ?? light} strokeWidth={1.4} opacity={0.85} />
                <path d="M83 40C74 47 67 60 65.6 74" stroke={light} strokeWidth={1.1} opacity={0.7} />
                <path d="M88.5 49L85 34" stroke={pal.hairShade} strokeWidth={1.2} />
              </g>,
            )}
          </>
        ),
      };
    }
    case 'short-curly':
    case 'full-curly': {
      const full = look.hair.style === 'full-curly';
      // Curls: circles round the crown and along the hairline, over a solid mass.
      const crown = full ? arc(100, 64, 35, 31, 158, 382, 14) : arc(100, 66, 32, 29, 178, 362, 11);
      const fringe = full ? arc(100, 80, 30, 24, 205, 335, 7) : arc(100, 82, 28.5, 24, 208, 332, 7);
      const r = full ? 7.6 : 6;
      const rf = full ? 5.8 : 4.8;
      const mass = full
        ? 'M62 86C57 56 74 31 100 31C126 31 143 56 138 86L134 84C132 72 126 62 114 58C106 55.5 94 55.5 86 58C74 62 68 72 66 84Z'
        : 'M65 90C62 60 78 36 100 36C122 36 138 60 135 90L132 88C131 74 126 65 116 61C108 58.5 92 58.5 84 61C74 65 69 74 68 88Z';
      const circles = [...crown.map((p) => [...p, r] as const), ...fringe.map((p) => [...p, rf] as const)];
      const outline = `${mass}${circles.map(([cx, cy, rr]) => circlePath(cx, cy, rr)).join('')}`;
      const marks = [
        ...arc(100, full ? 60 : 64, full ? 26 : 22, full ? 22 : 20, 200, 340, 5),
        ...arc(100, full ? 58 : 62, full ? 11 : 9, full ? 9 : 8, 220, 320, 2),
        ...crown.filter((_, i) => i % 2 === 1).map(([x, y]) => [x + (x < 100 ? 2 : -2), y + 2] as const),
      ];
      return {
        back: <path d={mass} fill={pal.hairShade} />,
        frontOutline: outline,
        front: (
          <>
            <g fill={pal.hairShade}>
              {circles.map(([cx, cy, rr], i) => (
                <circle key={i} cx={f(cx + 1)} cy={f(cy + 1.4)} r={rr} />
              ))}
            </g>
            <path d={outline} fill={color} />
            {onHair(
              <g stroke={pal.hairMark} strokeWidth={1} fill="none" strokeLinecap="round" opacity={full ? 0.5 : 0.7}>
                {marks.map(([x, y], i) => (
                  <path key={i} d={`M${f(x - 2)} ${f(y + 1)}a2.2 2.2 0 0 1 ${i % 2 ? 3.8 : 3.2} -0.6`} />
                ))}
              </g>,
            )}
          </>
        ),
      };
    }
    case 'bald':
      return {
        front: (
          <>
            {/* The light on the scalp. */}
            <ellipse cx={88} cy={50} rx={12} ry={5.5} fill="#ffffff" opacity={0.14} transform="rotate(-18 88 50)" />
          </>
        ),
      };
    case 'long-straight': {
      // Two curtains from a middle parting, framing the face and lying over the shoulders.
      const curtain =
        'M100 33C85 33 70 42 65.5 62C62 80 63 104 62.5 126C62 142 60.5 156 58 168C57 175 58.6 179.6 62 180.6C67 182 71.6 181.4 75 178.6C76.4 168 76.4 150 76.2 130C76 106 73.6 88 76.6 73C80 57 88.5 45 100 37.6Z';
      const right =
        'M100 33C115 33 130 42 134.5 62C138 80 137 104 137.5 126L123.8 130C124 106 126.4 88 123.4 73C120 57 111.5 45 100 37.6Z';
      return {
        back: (
          <path
            d="M61 74C58 42 78 28 100 28C122 28 142 42 139 74C140 110 143 150 150 190C128 198 72 198 50 190C57 150 60 110 61 74Z"
            fill={pal.hairShade}
          />
        ),
        frontOutline: `${curtain}${right}`,
        front: (
          <>
            {[false, true].map((mirrored) => (
              <g key={String(mirrored)} transform={mirrored ? MIRROR : undefined}>
                <path d={curtain} fill={color} />
                <g fill="none" strokeLinecap="round">
                  <path
                    d="M97 37.5C85 44 75 56 71.6 74C69 92 70 118 69.4 140C69 156 67.4 168 65.6 177"
                    stroke={light}
                    strokeWidth={1.4}
                    opacity={0.55}
                  />
                  <path d="M99 40.5C90 46 81 55 78.4 66" stroke={light} strokeWidth={1.2} opacity={0.6} />
                  <path
                    d="M74 70C71.4 90 73 116 72.6 140C72.4 156 71.6 166 70.6 176"
                    stroke={pal.hairShade}
                    strokeWidth={1}
                    opacity={0.45}
                  />
                </g>
              </g>
            ))}
            <path d="M100 30L100 38" stroke={pal.hairShade} strokeWidth={1.2} strokeLinecap="round" />
          </>
        ),
      };
    }
    case 'wavy': {
      // Swept towards the right from a parting on the left, a wave falling over the right brow.
      const front =
        'M64 96C58 76 57 56 68 44C74 30 92 24 106 27C118 24 134 30 140 44C146 56 144 78 138 96L134 92' +
        'C133.4 84 132.6 78 130.6 73C129.4 66 125.6 61 120 60.4C121.6 65.6 118 70 112.4 68.6' +
        'C106.6 67 103 61 100.6 56.4C97 60.6 91 62.4 86 60.4C80.6 58.6 76 62 72.6 67.6C69.6 74 67.8 84 67.4 96Z';
      return {
        back: <path d="M63 96C57 60 72 33 100 31C128 29 146 52 138 96Z" fill={pal.hairShade} />,
        frontOutline: front,
        front: (
          <>
            <path d={front} fill={color} />
            {onHair(
              <g fill="none" strokeLinecap="round">
                <g stroke={pal.hairShade} strokeWidth={1.3} opacity={0.8}>
                  <path d="M70 58C80 44 100 38 120 42" />
                  <path d="M86 60C92 50 106 46 120 50" />
                  <path d="M101 56C108 52 120 54 126 62" />
                </g>
                <g stroke={light} strokeWidth={1.4} opacity={0.85}>
                  <path d="M74 49C86 36 106 31 126 37" />
                  <path d="M90 53C98 46 110 44 122 46" />
                  <path d="M114 40C126 42 135 51 138 66" />
                  <path d="M66 72C64 62 66 54 70 49" />
                </g>
              </g>,
            )}
          </>
        ),
      };
    }
  }
}

/** A circle as path data, so it can join another outline in one path. */
function circlePath(cx: number, cy: number, r: number): string {
  return `M${f(cx - r)} ${f(cy)}a${r} ${r} 0 1 1 ${f(2 * r)} 0a${r} ${r} 0 1 1 ${f(-2 * r)} 0Z`;
}
