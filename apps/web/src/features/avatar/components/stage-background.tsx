import type { ReactNode } from 'react';
import type { AvatarBackground } from '@candeia/shared/schemas/avatar';

/**
 * The stage behind a counsellor: a solid colour, a softly blurred room ('blur', drawn here, so
 * it needs no request), or a custom picture (`imageUrl`) covering the stage. The children (the
 * portrait) sit on top; the stage's size is the caller's (`className`).
 */
export function StageBackground({
  background,
  children,
  className,
}: {
  background: AvatarBackground;
  children: ReactNode;
  className?: string;
}) {
  return (
    // The neutral colour shows while a custom picture loads, or if it never does.
    <div className={`relative overflow-hidden bg-stone-200 ${className ?? ''}`}>
      <Backdrop background={background} />
      <div className="relative h-full w-full">{children}</div>
    </div>
  );
}

function Backdrop({ background }: { background: AvatarBackground }) {
  switch (background.type) {
    case 'solid':
      return <div aria-hidden className="absolute inset-0" style={{ backgroundColor: background.color }} />;
    case 'blur':
      return <BlurredRoom />;
    case 'custom':
      // An <img> rather than a CSS url(): the address needs no escaping, and it is decorative.
      return (
        <img
          src={background.imageUrl}
          alt=""
          draggable={false}
          decoding="async"
          className="absolute inset-0 h-full w-full object-cover"
        />
      );
    default: {
      const unknown: never = background;
      return unknown;
    }
  }
}

/**
 * A quiet room seen out of focus: a window's light on the left, a lamp's glow on the right, a
 * plant and a shelf, all blurred into soft patches. Scaled up a little so the blur's faded edges
 * stay outside the stage.
 */
function BlurredRoom() {
  return (
    <div aria-hidden className="absolute inset-0 bg-[#e9dfd2]">
      <svg
        viewBox="0 0 400 300"
        preserveAspectRatio="xMidYMid slice"
        className="absolute inset-0 h-full w-full scale-125 blur-xl"
      >
        {/* Wall, floor and the light falling in. */}
        <rect width="400" height="300" fill="#e6dccf" />
        <rect y="205" width="400" height="95" fill="#cdbba5" />
        <rect x="28" y="34" width="96" height="150" rx="6" fill="#f8f1e2" />
        <rect x="36" y="42" width="80" height="134" rx="4" fill="#fffaf0" />
        <path d="M40 205L124 205L180 300L0 300Z" fill="#efe3cf" opacity="0.8" />
        {/* A plant by the window. */}
        <ellipse cx="150" cy="168" rx="34" ry="44" fill="#8ea57f" />
        <ellipse cx="128" cy="150" rx="20" ry="28" fill="#a3b893" />
        <rect x="136" y="196" width="30" height="30" rx="4" fill="#b57d5c" />
        {/* A shelf of books and a lamp's glow. */}
        <rect x="250" y="70" width="120" height="10" fill="#b8a185" />
        <rect x="258" y="36" width="12" height="34" fill="#8f6f5a" />
        <rect x="272" y="42" width="10" height="28" fill="#c99a6b" />
        <rect x="284" y="38" width="14" height="32" fill="#7f8f9a" />
        <rect x="330" y="44" width="12" height="26" fill="#a56a5a" />
        <circle cx="318" cy="150" r="46" fill="#f7d79e" opacity="0.7" />
        <circle cx="318" cy="150" r="22" fill="#fff0c8" />
        <rect x="300" y="196" width="36" height="40" rx="5" fill="#9c8670" />
      </svg>
    </div>
  );
}
