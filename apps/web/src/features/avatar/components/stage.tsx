import type { AvatarCounsellorDto } from '@candeia/shared/schemas/avatar';
import { Portrait, type PortraitState } from './portrait.tsx';
import { StageBackground } from './stage-background.tsx';

/**
 * The counsellor on their background, filling the stage: blinking, breathing, the mouth moving
 * with the voice (read each frame from `mouthLevel`, no re-render), attentive while listening,
 * still for "reduce motion".
 */
export function Stage({
  counsellor,
  state,
  mouthLevel,
  label,
}: {
  counsellor: AvatarCounsellorDto;
  state: PortraitState;
  mouthLevel: () => number;
  label: string;
}) {
  return (
    <StageBackground
      background={counsellor.background}
      className="h-[30vh] min-h-48 w-full overflow-hidden rounded-3xl shadow-sm ring-1 ring-stone-200 lg:aspect-square lg:h-auto"
    >
      <Portrait
        id={counsellor.id}
        state={state}
        mouthLevel={mouthLevel}
        label={label}
        className="mx-auto h-full w-auto"
      />
    </StageBackground>
  );
}
