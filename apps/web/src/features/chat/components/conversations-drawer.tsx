import * as RadixDialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './chat-icons.tsx';
import { ConversationList } from './conversation-list.tsx';

/** On phones: the conversations in a sheet from the left (focus kept inside, Escape closes). */
export function ConversationsDrawer({
  open,
  onOpenChange,
  currentId,
  onNew,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentId: string | undefined;
  onNew: () => void;
  /** Where focus goes on closing (by default, back to what opened it). */
  onCloseAutoFocus?: (e: Event) => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-stone-950/50" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-y-0 left-0 z-50 flex w-[86vw] max-w-sm flex-col bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between gap-2 border-b border-stone-200 py-2 pl-4 pr-2">
            <RadixDialog.Title className="font-serif text-lg font-semibold text-stone-900">
              {t('conversations.title')}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label={t('conversations.close')}
              className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-100"
            >
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          <ConversationList
            currentId={currentId}
            onNew={() => {
              onOpenChange(false);
              onNew();
            }}
            onOpen={() => onOpenChange(false)}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
