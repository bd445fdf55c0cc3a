import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { Button } from '../../../components/ui/button.tsx';
import type { MessageTarget } from '../../../components/message-action.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useMessages } from '../../../lib/forms.ts';
import { useReach, useStartConversation } from '../api/conversations.ts';

/**
 * "Mensagem": opens the conversation with someone (starting it the first time). Shown only when
 * the reader may write to them, or already has a conversation with them to read.
 */
export function MessageButton({ userId, handle, name, className, version }: MessageTarget) {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const toast = useToast();
  const { apiMessage } = useMessages();
  const who = userId ? { userId } : { handle };
  const reach = useReach(who, version);
  const start = useStartConversation();
  if (!reach.data || (!reach.data.allowed && !reach.data.conversationId)) return null;
  const existing = reach.data.conversationId;

  const open = () => {
    if (existing) return void navigate(paths.messages(existing));
    start.mutate(who, {
      onSuccess: (c) => void navigate(paths.messages(c.id)),
      onError: (err) => toast({ variant: 'destructive', title: t('button.failed'), description: apiMessage(err) }),
    });
  };

  return (
    <Button
      variant="outline"
      className={className}
      onClick={open}
      busy={start.isPending}
      aria-label={t('button.labelWith', { name })}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <path strokeLinecap="round" strokeLinejoin="round" d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
      </svg>
      {t('button.label')}
    </Button>
  );
}

export default MessageButton;
