import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@candeia/shared/routes';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { useSignedIn } from '../../../lib/queries/session.ts';
import { usePost } from '../api/get-post.ts';
import { AccessError } from './access-error.tsx';
import { PostCard } from './post-card.tsx';

/** /community/post/:id: one post and its comments; a shared link opens it signed out too. */
export default function PostPage() {
  const { t } = useTranslation('community');
  const { id = '' } = useParams();
  const signedIn = useSignedIn();
  const post = usePost(id);
  useDocumentTitle(post.data ? t('post.pageTitle', { name: post.data.author.name }) : t('title'));
  const notFound = post.error instanceof ApiError && [400, 404].includes(post.error.status);
  return (
    <div className="mx-auto max-w-2xl px-4 pb-16 pt-6 sm:px-6 sm:pt-8">
      <Link to={paths.community()} className="text-sm font-semibold text-brand-800 underline underline-offset-4">
        {t('post.back')}
      </Link>
      <div className="mt-4">
        {post.isPending ? <Spinner label={t('common.loading')} /> : null}
        {notFound ? (
          <p role="alert" className="rounded-2xl border border-stone-200 bg-white p-5 text-stone-800">
            {t('post.notFound')}
          </p>
        ) : post.isError ? (
          <AccessError error={post.error} onRetry={() => void post.refetch()} />
        ) : null}
        {post.data ? <PostCard post={post.data} signedIn={signedIn} commentsOpen /> : null}
      </div>
    </div>
  );
}
