import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { MessageReports } from './message-reports.tsx';
import { ModerationLog } from './moderation-log.tsx';
import { ModerationQueue } from './moderation-queue.tsx';
import { ModerationSettings } from './moderation-settings.tsx';
import { Suspensions } from './suspensions.tsx';

const SECTIONS = ['queue', 'messages', 'suspensions', 'log', 'settings'] as const;
type Section = (typeof SECTIONS)[number];

/**
 * The community's moderation: the queue, reported messages, running suspensions, the log, and
 * the settings (held posts, messages between members).
 */
export function ModerationTab() {
  const { t } = useTranslation(['admin', 'messages']);
  const [params, setParams] = useSearchParams();
  const requested = params.get('section');
  const section: Section = (SECTIONS as readonly string[]).includes(requested ?? '') ? (requested as Section) : 'queue';

  const go = (id: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('tab', 'moderation');
        if (id === 'queue') next.delete('section');
        else next.set('section', id);
        return next;
      },
      { replace: true },
    );

  return (
    <Tabs
      label={t('moderation.sections.label')}
      value={section}
      onValueChange={go}
      items={[
        { id: 'queue', label: t('moderation.sections.queue'), content: <ModerationQueue /> },
        { id: 'messages', label: t('messages:admin.section'), content: <MessageReports /> },
        { id: 'suspensions', label: t('moderation.sections.suspensions'), content: <Suspensions /> },
        { id: 'log', label: t('moderation.sections.log'), content: <ModerationLog /> },
        { id: 'settings', label: t('moderation.sections.settings'), content: <ModerationSettings /> },
      ]}
    />
  );
}
