import { Icon } from '../../../components/ui/icon.tsx';

/** The chat's line icons (decorative: every control carries its own text or label). */
export const ListIcon = ({ className = 'h-5 w-5' }: { className?: string }) => (
  <Icon className={className}>
    <path d="M8 6h13M8 12h13M8 18h13M3.5 6h.01M3.5 12h.01M3.5 18h.01" />
  </Icon>
);

export const PlusIcon = ({ className = 'h-5 w-5' }: { className?: string }) => (
  <Icon className={className}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const PencilIcon = ({ className = 'h-5 w-5' }: { className?: string }) => (
  <Icon className={className}>
    <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z" />
  </Icon>
);

export const TrashIcon = ({ className = 'h-5 w-5' }: { className?: string }) => (
  <Icon className={className}>
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
  </Icon>
);

export const SendIcon = ({ className = 'h-5 w-5' }: { className?: string }) => (
  <Icon className={className}>
    <path d="M22 2 11 13M22 2l-7 20-4-9-9-4z" />
  </Icon>
);

export const StopIcon = ({ className = 'h-5 w-5' }: { className?: string }) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="currentColor">
    <rect x="6" y="6" width="12" height="12" rx="2" />
  </svg>
);

export const RefreshIcon = ({ className = 'h-4 w-4' }: { className?: string }) => (
  <Icon className={className}>
    <path d="M21 12a9 9 0 1 1-2.6-6.4M21 4v5h-5" />
  </Icon>
);

export const CloseIcon = ({ className = 'h-5 w-5' }: { className?: string }) => (
  <Icon className={className}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);

export const HeartIcon = ({ className = 'h-6 w-6' }: { className?: string }) => (
  <Icon className={className}>
    <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
  </Icon>
);

/** The lamp of the brand, small, beside the guide's answers. */
export function LampMark({ className = 'h-7 w-7' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" className={className}>
      <rect width="64" height="64" rx="16" fill="#b45309" />
      <path d="M32 10c5 8 9 12 9 19a9 9 0 0 1-18 0c0-7 4-11 9-19z" fill="#fde68a" />
      <path d="M14 44h36l-4 8H18z" fill="#fffbeb" />
      <rect x="29" y="38" width="6" height="6" fill="#fffbeb" />
    </svg>
  );
}
