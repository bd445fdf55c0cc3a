-- The read caches of every server process (lib/read-cache.ts, decision 034) drop their copies
-- when the rows behind them change: each trigger sends a note on the `read_caches` channel,
-- delivered at the writer's commit (and not at all when it rolls back), whoever wrote: a request
-- in another process, a job, a migration or an admin at psql. One note per statement and scope;
-- PostgreSQL folds repeats within a transaction.
CREATE FUNCTION read_caches_note() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  scope text;
BEGIN
  FOREACH scope IN ARRAY TG_ARGV LOOP
    PERFORM pg_notify('read_caches', json_build_object('scope', scope)::text);
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Sessions: an ended one (revoked, or deleted by the sweep or with its account). A new session
-- has no copy yet, and `last_seen_at` (written every few seconds) changes nothing copied.
CREATE TRIGGER sessions_read_caches AFTER UPDATE OF revoked_at, expires_at OR DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION read_caches_note('sessions');--> statement-breakpoint
-- The app only ever moves `last_seen_at` forward; set back (by hand, or by a test), it may end
-- the session sooner than a copy says.
CREATE TRIGGER sessions_seen_earlier_read_caches AFTER UPDATE OF last_seen_at ON sessions
  FOR EACH ROW WHEN (NEW.last_seen_at < OLD.last_seen_at) EXECUTE FUNCTION read_caches_note('sessions');--> statement-breakpoint
-- Members: a session's copy holds the address, the role and the first name, and is no session
-- once the account is deleted or suspended; the feeds show the names.
CREATE TRIGGER users_read_caches AFTER UPDATE OF email, role, first_name, last_name, deleted_at, suspended_at OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION read_caches_note('sessions', 'community');--> statement-breakpoint
-- Plans and subscriptions: what a member's plan lets them use.
CREATE TRIGGER user_subscriptions_read_caches AFTER INSERT OR UPDATE OR DELETE ON user_subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION read_caches_note('access');--> statement-breakpoint
CREATE TRIGGER subscription_plans_read_caches AFTER INSERT OR UPDATE OR DELETE ON subscription_plans
  FOR EACH STATEMENT EXECUTE FUNCTION read_caches_note('access');--> statement-breakpoint
-- The community: whatever a feed page shows, or decides who sees what.
CREATE TRIGGER community_posts_read_caches AFTER INSERT OR UPDATE OR DELETE ON community_posts
  FOR EACH STATEMENT EXECUTE FUNCTION read_caches_note('community');--> statement-breakpoint
CREATE TRIGGER community_members_read_caches AFTER INSERT OR UPDATE OR DELETE ON community_members
  FOR EACH STATEMENT EXECUTE FUNCTION read_caches_note('community');--> statement-breakpoint
CREATE TRIGGER community_comments_read_caches AFTER INSERT OR UPDATE OR DELETE ON community_comments
  FOR EACH STATEMENT EXECUTE FUNCTION read_caches_note('community');--> statement-breakpoint
CREATE TRIGGER community_reactions_read_caches AFTER INSERT OR UPDATE OR DELETE ON community_reactions
  FOR EACH STATEMENT EXECUTE FUNCTION read_caches_note('community');--> statement-breakpoint
CREATE TRIGGER community_prayers_read_caches AFTER INSERT OR UPDATE OR DELETE ON community_prayers
  FOR EACH STATEMENT EXECUTE FUNCTION read_caches_note('community');--> statement-breakpoint
CREATE TRIGGER community_follows_read_caches AFTER INSERT OR UPDATE OR DELETE ON community_follows
  FOR EACH STATEMENT EXECUTE FUNCTION read_caches_note('community');--> statement-breakpoint
CREATE TRIGGER community_mutes_read_caches AFTER INSERT OR UPDATE OR DELETE ON community_mutes
  FOR EACH STATEMENT EXECUTE FUNCTION read_caches_note('community');--> statement-breakpoint
CREATE TRIGGER community_blocks_read_caches AFTER INSERT OR UPDATE OR DELETE ON community_blocks
  FOR EACH STATEMENT EXECUTE FUNCTION read_caches_note('community');--> statement-breakpoint
CREATE TRIGGER community_reports_read_caches AFTER INSERT OR UPDATE OR DELETE ON community_reports
  FOR EACH STATEMENT EXECUTE FUNCTION read_caches_note('community');--> statement-breakpoint
CREATE TRIGGER media_read_caches AFTER INSERT OR UPDATE OR DELETE ON media
  FOR EACH STATEMENT EXECUTE FUNCTION read_caches_note('community');
