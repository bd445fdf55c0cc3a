import { useTranslation } from 'react-i18next';
import type { AuthorDto } from '@candeia/shared/schemas/community';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useMessages } from '../../../lib/forms.ts';
import { useSetBlock } from '../api/set-block.ts';

/** Asks before blocking a member, saying what a block does (neither sees the other; follows end). */
export function BlockDialog({
  member,
  open,
  onOpenChange,
  onBlocked,
}: {
  member: AuthorDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onBlocked?: () => void;
}) {
  const { t } = useTranslation('community');
  const { apiMessage } = useMessages();
  const toast = useToast();
  const block = useSetBlock();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('relation.blockTitle', { name: member.name })}
      description={t('relation.blockText')}
      confirmLabel={t('relation.block')}
      cancelLabel={t('common.cancel')}
      destructive
      busy={block.isPending}
      onConfirm={() =>
        block.mutate(
          { handle: member.handle, on: true },
          {
            onSuccess: () => {
              onOpenChange(false);
              toast({ variant: 'success', title: t('relation.blocked', { name: member.name }) });
              onBlocked?.();
            },
            onError: (err) => {
              onOpenChange(false);
              toast({ variant: 'destructive', title: t('errors.action'), description: apiMessage(err) });
            },
          },
        )
      }
    />
  );
}
